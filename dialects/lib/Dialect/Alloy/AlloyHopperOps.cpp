//===- AlloyHopperOps.cpp - mbarriers, proxy fences, elect ----------------===//
//
// The check of AlloyHopperOps.td's MbarrierInShared trait: an mbarrier lives
// in shared memory, so every mbarrier operation takes a !alloy.ptr<shared>.
//
//===----------------------------------------------------------------------===//

#include "alloy/Dialect/Alloy/AlloyOps.h"

using namespace mlir;
using namespace alloy;

LogicalResult alloy::verifyMbarrierInShared(Operation *op) {
  Value addr = op->getOperand(0);
  auto ptr = cast<PtrType>(addr.getType());
  if (ptr.getSpace() != MemorySpace::shared)
    return op->emitOpError("needs an mbarrier in shared memory "
                           "(!alloy.ptr<shared>), not ")
           << addr.getType();
  return success();
}
