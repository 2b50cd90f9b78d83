//===- AlloyAtomicOps.cpp - Alloy atomics and warp operations -------------===//

#include "alloy/Dialect/Alloy/AlloyOps.h"

using namespace mlir;
using namespace alloy;

// Atomics work on memory that other threads see: CUDA has none on constant
// (read-only) or local (per-thread) memory.
static LogicalResult verifyAtomicPtr(Operation *op, Value ptr) {
  MemorySpace space = cast<PtrType>(ptr.getType()).getSpace();
  if (space != MemorySpace::generic && space != MemorySpace::global &&
      space != MemorySpace::shared)
    return op->emitOpError("needs a generic, global or shared pointer, got ")
           << ptr.getType();
  return success();
}

LogicalResult AtomicRMWOp::verify() {
  if (failed(verifyAtomicPtr(*this, getPtr())))
    return failure();
  Type type = getValue().getType();
  bool isFloat = isa<FloatType>(getElementTypeOrSelf(type));
  AtomicKind kind = getKind();
  if ((isa<VectorType>(type) || type.isF16() || type.isBF16()) &&
      kind != AtomicKind::fadd)
    return emitOpError() << stringifyAtomicKind(kind) << " of " << type
                         << ": halves and pairs of halves only add";
  if (kind == AtomicKind::exch)
    return success();
  if (kind == AtomicKind::fadd && !isFloat)
    return emitOpError("fadd needs a floating-point value, got ") << type;
  if (kind != AtomicKind::fadd && isFloat)
    return emitOpError() << stringifyAtomicKind(kind)
                         << " needs i32 or i64, got " << getValue().getType();
  return success();
}

LogicalResult AtomicCASOp::verify() { return verifyAtomicPtr(*this, getPtr()); }

LogicalResult VoteOp::verify() {
  Type want = getKind() == VoteKind::ballot
                  ? Type(IntegerType::get(getContext(), 32))
                  : Type(IntegerType::get(getContext(), 1));
  if (getType() != want)
    return emitOpError() << stringifyVoteKind(getKind()) << " returns " << want
                         << ", got " << getType();
  return success();
}
