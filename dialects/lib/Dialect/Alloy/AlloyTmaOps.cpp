//===- AlloyTmaOps.cpp - Tensor memory accelerator copies -----------------===//
//
// Verifiers of AlloyTmaOps.td: the box and the mbarrier are in shared
// memory, and a tensor has 1 to 5 dimensions.
//
//===----------------------------------------------------------------------===//

#include "alloy/Dialect/Alloy/AlloyOps.h"

using namespace mlir;
using namespace alloy;

static LogicalResult verifyShared(Operation *op, Value addr, StringRef what) {
  if (cast<PtrType>(addr.getType()).getSpace() != MemorySpace::shared)
    return op->emitOpError("needs ")
           << what << " in shared memory (!alloy.ptr<shared>), not "
           << addr.getType();
  return success();
}

static LogicalResult verifyRank(Operation *op, ValueRange coordinates) {
  if (coordinates.empty() || coordinates.size() > 5)
    return op->emitOpError("needs 1 to 5 coordinates (the tensor's rank), not ")
           << coordinates.size();
  return success();
}

LogicalResult TmaLoadOp::verify() {
  if (failed(verifyShared(*this, getDst(), "the destination box")) ||
      failed(verifyShared(*this, getBar(), "the mbarrier")))
    return failure();
  return verifyRank(*this, getCoordinates());
}

LogicalResult TmaStoreOp::verify() {
  if (failed(verifyShared(*this, getSrc(), "the source box")))
    return failure();
  return verifyRank(*this, getCoordinates());
}
