//===- Verifiers.h - Checks the ops' verifiers share ------------*- C++ -*-===//

#ifndef ALLOY_DIALECT_ALLOY_VERIFIERS_H
#define ALLOY_DIALECT_ALLOY_VERIFIERS_H

#include "mlir/IR/Operation.h"
#include "llvm/Support/MathExtras.h"

namespace alloy {

/// An `alignment` attribute is a power of two.
inline mlir::LogicalResult verifyAlignment(mlir::Operation *op,
                                           uint64_t alignment) {
  if (!llvm::isPowerOf2_64(alignment))
    return op->emitOpError("alignment ")
           << alignment << " is not a power of two";
  return mlir::success();
}

} // namespace alloy

#endif // ALLOY_DIALECT_ALLOY_VERIFIERS_H
