//===- InlineAsm.h - PTX inline assembly in the llvm dialect ----*- C++ -*-===//
//
// The lowerings that emit PTX as inline assembly (cache-policy accesses,
// f16x2 atomics, pair min/max, asm statements) build it the same way.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOY_CONVERSION_ALLOYTOLLVM_INLINEASM_H
#define ALLOY_CONVERSION_ALLOYTOLLVM_INLINEASM_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/PatternMatch.h"

namespace alloy {

// `llvm.inline_asm` of `text` (LLVM's $N form) with `constraints`; `result`
// is null for none, a struct for several.
inline mlir::LLVM::InlineAsmOp
createInlineAsm(mlir::RewriterBase &r, mlir::Location loc, mlir::Type result,
                mlir::ValueRange operands, llvm::StringRef text,
                llvm::StringRef constraints, bool sideEffects) {
  return mlir::LLVM::InlineAsmOp::create(
      r, loc, result, operands, r.getStringAttr(text),
      r.getStringAttr(constraints),
      sideEffects ? r.getUnitAttr() : mlir::UnitAttr(), mlir::UnitAttr(),
      mlir::LLVM::TailCallKindAttr::get(r.getContext(),
                                        mlir::LLVM::TailCallKind::None),
      mlir::LLVM::AsmDialectAttr(), mlir::ArrayAttr());
}

} // namespace alloy

#endif
