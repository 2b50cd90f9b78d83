//===- FastMath.cpp - nvcc's --use_fast_math for single precision ---------===//

#include "FastMathFlags.h"
#include "alloy/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/TypeUtilities.h"

namespace alloy {
#define GEN_PASS_DEF_FASTMATHPASS
#include "alloy/Transforms/Passes.h.inc"
} // namespace alloy

using namespace mlir;

namespace {

bool isF32(Operation *op) {
  return op->getNumResults() == 1 &&
         getElementTypeOrSelf(op->getResult(0).getType()).isF32();
}

struct FastMathPass : alloy::impl::FastMathPassBase<FastMathPass> {
  void runOnOperation() override {
    getOperation().walk([](Operation *op) {
      if (!isF32(op))
        return;
      if (isa<arith::DivFOp>(op))
        alloy::addFastMathFlags(op, arith::FastMathFlags::afn | arith::FastMathFlags::arcp);
      else if (isa<math::ExpOp, math::Exp2Op, math::LogOp, math::Log2Op,
                   math::Log10Op, math::SinOp, math::CosOp, math::TanOp,
                   math::PowFOp, math::SqrtOp, math::RsqrtOp, math::TanhOp>(
                     op))
        alloy::addFastMathFlags(op, arith::FastMathFlags::afn);
    });
  }
};

} // namespace
