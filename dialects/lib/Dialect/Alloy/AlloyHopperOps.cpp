//===- AlloyHopperOps.cpp - mbarriers, proxy fences, elect ----------------===//
//
// Verifiers of AlloyHopperOps.td: an mbarrier lives in shared memory, so
// every mbarrier operation takes a !alloy.ptr<shared>.
//
//===----------------------------------------------------------------------===//

#include "alloy/Dialect/Alloy/AlloyOps.h"

using namespace mlir;
using namespace alloy;

static LogicalResult verifyMbarrierAddr(Operation *op, Value addr) {
  auto ptr = cast<PtrType>(addr.getType());
  if (ptr.getSpace() != MemorySpace::shared)
    return op->emitOpError("needs an mbarrier in shared memory "
                           "(!alloy.ptr<shared>), not ")
           << addr.getType();
  return success();
}

LogicalResult MbarrierInitOp::verify() {
  return verifyMbarrierAddr(*this, getAddr());
}
LogicalResult MbarrierArriveOp::verify() {
  return verifyMbarrierAddr(*this, getAddr());
}
LogicalResult MbarrierArriveClusterOp::verify() {
  return verifyMbarrierAddr(*this, getAddr());
}
LogicalResult MbarrierExpectTxOp::verify() {
  return verifyMbarrierAddr(*this, getAddr());
}
LogicalResult MbarrierTryWaitOp::verify() {
  return verifyMbarrierAddr(*this, getAddr());
}
LogicalResult MbarrierInvalOp::verify() {
  return verifyMbarrierAddr(*this, getAddr());
}
