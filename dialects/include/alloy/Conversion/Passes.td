//===- Passes.td - Alloy conversion passes -----------------*- tablegen -*-===//

#ifndef ALLOY_CONVERSION_PASSES_TD
#define ALLOY_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertAlloyToLLVMPass : Pass<"convert-alloy-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Lower alloy, func, arith, cf and math to the llvm and nvvm "
                "dialects";
  let description = [{
    One full conversion: `alloy.kernel` becomes an `llvm.func` with
    `nvvm.kernel` (and `nvvm.reqntid` / `nvvm.maxntid` / `nvvm.minctasm`),
    `!alloy.ptr<space>` becomes `!llvm.ptr<N>`, defined `func.func`s get
    internal linkage, `math` on f32/f64 calls libdevice (`__nv_*`). Allocas
    end up in the entry block. Run `alloy-to-llvm` for the whole pipeline.
    `sm` is the lowest target architecture (90 for sm_90): operations whose
    PTX instruction is newer (`alloy.approx` of bf16) lower to what that
    target has.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect"];
  let options = [
    Option<"sm", "sm", "unsigned", /*default=*/"80",
           "the lowest target architecture (80 = sm_80)">
  ];
}

def EraseUnreachableBlocksPass
    : Pass<"alloy-erase-unreachable-blocks", "::mlir::ModuleOp"> {
  let summary = "Erase the blocks that no path from the entry reaches";
  let description = [{
    The AST lowering leaves a fresh block after each return, break and
    throw-like call; the dialect conversion skips unreachable blocks, so
    they go first. Unlike `canonicalize`, this keeps the control flow as it
    was emitted: the back edges that carry loop annotations stay in place.
  }];
}

#endif // ALLOY_CONVERSION_PASSES_TD
