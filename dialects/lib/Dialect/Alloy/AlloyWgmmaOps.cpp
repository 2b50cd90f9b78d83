//===- AlloyWgmmaOps.cpp - warpgroup matrix multiply ----------------------===//
//
// Verifiers of AlloyWgmmaOps.td: wgmma's shapes and types, and the
// accumulator passing through unchanged in type.
//
//===----------------------------------------------------------------------===//

#include "alloy/Dialect/Alloy/AlloyOps.h"

using namespace mlir;
using namespace alloy;

static LogicalResult verifyPassThrough(Operation *op, ValueRange in,
                                       ValueRange out) {
  if (TypeRange(in.getTypes()) != TypeRange(out.getTypes()))
    return op->emitOpError("results must be the accumulator's values (")
           << in.size() << " f32), got " << out.size();
  return success();
}

// An mma of n columns: n a multiple of 8, n / 2 accumulator values passed
// through.
static LogicalResult verifyMma(Operation *op, uint32_t n, ValueRange acc,
                               ValueRange d) {
  if (n % 8 != 0)
    return op->emitOpError("needs n a multiple of 8, got ") << n;
  if (acc.size() != n / 2)
    return op->emitOpError("with n = ") << n << " takes an accumulator of "
                                        << n / 2 << " f32, got " << acc.size();
  return verifyPassThrough(op, acc, d);
}

LogicalResult WgmmaFenceOp::verify() {
  return verifyPassThrough(*this, getAcc(), getResults());
}

LogicalResult WgmmaWaitOp::verify() {
  if (getPending() != 0 && !getAcc().empty())
    return emitOpError("with ") << getPending()
                                << " groups still pending cannot release "
                                   "accumulators";
  return verifyPassThrough(*this, getAcc(), getResults());
}

LogicalResult WgmmaMmaAsyncOp::verify() {
  switch (getType()) {
  case MmaType::f16:
  case MmaType::bf16:
  case MmaType::tf32:
  case MmaType::e4m3:
  case MmaType::e5m2:
    break;
  default:
    return emitOpError("has no form for ")
           << stringifyMmaType(getType())
           << " multiplicands (f16, bf16, tf32, e4m3, e5m2)";
  }
  if (getTransB() && getType() != MmaType::f16 && getType() != MmaType::bf16)
    return emitOpError("takes an N-major B (trans_b) for f16 and bf16 only, "
                       "not ")
           << stringifyMmaType(getType());
  return verifyMma(*this, getN(), getAcc(), getD());
}

LogicalResult WgmmaMmaAsyncRegAOp::verify() {
  if (getType() != MmaType::f16 && getType() != MmaType::bf16)
    return emitOpError("takes A in registers for f16 and bf16 only, not ")
           << stringifyMmaType(getType());
  return verifyMma(*this, getN(), getAcc(), getD());
}
