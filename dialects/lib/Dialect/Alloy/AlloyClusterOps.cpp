//===- AlloyClusterOps.cpp - clusters and setmaxnreg ----------------------===//
//
// Verifiers of AlloyClusterOps.td: known register and barrier names, a
// generic address for mapa, and setmaxnreg's register count.
//
//===----------------------------------------------------------------------===//

#include "alloy/Dialect/Alloy/AlloyOps.h"

#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace alloy;

LogicalResult ClusterRegOp::verify() {
  bool known =
      llvm::StringSwitch<bool>(getReg())
          .Cases({"rank", "size", "block_x", "block_y", "block_z"}, true)
          .Cases({"dim_x", "dim_y", "dim_z", "id_x", "id_y", "id_z"}, true)
          .Cases({"count_x", "count_y", "count_z"}, true)
          .Default(false);
  if (!known)
    return emitOpError("unknown cluster register '") << getReg() << "'";
  return success();
}

LogicalResult ClusterBarrierOp::verify() {
  StringRef k = getKind();
  if (k != "arrive" && k != "arrive_relaxed" && k != "wait")
    return emitOpError("kind must be arrive, arrive_relaxed or wait, not '")
           << k << "'";
  return success();
}

LogicalResult ClusterMapOp::verify() {
  auto in = cast<PtrType>(getAddr().getType());
  auto out = cast<PtrType>(getResult().getType());
  if (in.getSpace() != MemorySpace::generic ||
      out.getSpace() != MemorySpace::generic)
    return emitOpError("maps a generic address to a generic address, not ")
           << getAddr().getType() << " to " << getResult().getType();
  return success();
}

LogicalResult SetMaxNRegOp::verify() {
  uint32_t n = getCount();
  if (n < 24 || n > 256 || n % 8)
    return emitOpError("count must be 24 to 256 and a multiple of 8, not ")
           << n;
  return success();
}
