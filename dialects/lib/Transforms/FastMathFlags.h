//===- FastMathFlags.h - Adding arith fast-math flags -----------*- C++ -*-===//

#ifndef ALLOY_TRANSFORMS_FASTMATHFLAGS_H
#define ALLOY_TRANSFORMS_FASTMATHFLAGS_H

#include "mlir/Dialect/Arith/IR/Arith.h"

namespace alloy {

/// Adds `extra` to the fast-math flags of `op`, an arith or math operation.
inline void addFastMathFlags(mlir::Operation *op,
                             mlir::arith::FastMathFlags extra) {
  auto fm = mlir::cast<mlir::arith::ArithFastMathInterface>(op);
  op->setAttr(fm.getFastMathAttrName(),
              mlir::arith::FastMathFlagsAttr::get(
                  op->getContext(), fm.getFastMathFlagsAttr().getValue() | extra));
}

} // namespace alloy

#endif // ALLOY_TRANSFORMS_FASTMATHFLAGS_H
