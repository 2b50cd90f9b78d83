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
    `sm` is the lowest target architecture (90 for sm_90 and sm_90a):
    operations whose PTX instruction is newer (`alloy.approx` of bf16)
    lower to what that target has. `arch-specific` says the code is for the
    arch-specific target `sm_<sm>a` and nothing else (`--gpu-arch=sm_90a`
    alone: one lowering serves every cubin of a build, so a build that also
    has sm_80 or sm_90 has no arch-specific instructions); lowerings of
    instructions that exist only there (sm_90a's `wgmma`, `setmaxnreg`) ask
    `alloy::GpuTarget::isArchSpecific(90)` (Passes.h) and otherwise report
    an error naming `targets`, the build's architecture list as written
    (`sm_80,sm_90a`).
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect"];
  let options = [
    Option<"sm", "sm", "unsigned", /*default=*/"80",
           "the lowest target architecture (80 = sm_80)">,
    Option<"archSpecific", "arch-specific", "bool", /*default=*/"false",
           "the only target is the arch-specific sm_<sm>a (sm_90a)">,
    Option<"targets", "targets", "std::string", /*default=*/"\"\"",
           "every target architecture, as written, for diagnostics "
           "(sm_80,sm_90a); empty: sm_<sm>[a]">
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

def LineInfoLocationsPass
    : Pass<"alloy-line-info-locations", "::mlir::ModuleOp"> {
  let summary = "Make inlined locations fit MLIR's debug-scope pass";
  let description = [{
    After Alloy's inliner an op's location can be an inlined one
    (`callsite(... at ...)`). MLIR's `ensure-debug-info-scope-on-llvm-func`
    (line info: `-g`, `-lineinfo`) needs a file location inside every call
    site and a function around every op that has one, and crashes
    otherwise. This pass, run just before it:
    - drops a call site whose inner location has no file (the slots and
      clean-ups the AST lowering emits without a source location): the op
      is then placed at the call;
    - gives each op outside a function (a global the conversion created at
      its first use) the location it is written at, without call sites.
    It changes no code.
  }];
}

#endif // ALLOY_CONVERSION_PASSES_TD
