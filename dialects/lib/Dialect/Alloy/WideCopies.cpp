//===- WideCopies.cpp - which copies become wide loads and stores ---------===//

#include "alloy/Dialect/Alloy/WideCopies.h"
#include "alloy/Dialect/Alloy/AlloyOps.h"

namespace alloy {

bool inStackSlot(mlir::Value p) {
  while (mlir::Operation *def = p.getDefiningOp()) {
    if (mlir::isa<AllocaOp>(def))
      return true;
    if (auto member = mlir::dyn_cast<MemberAddrOp>(def))
      p = member.getBase();
    else if (auto add = mlir::dyn_cast<PtrAddOp>(def))
      p = add.getBase();
    else if (auto cast = mlir::dyn_cast<AddrSpaceCastOp>(def))
      p = cast.getPtr();
    else if (auto assumed = mlir::dyn_cast<AssumeAlignedOp>(def))
      p = assumed.getPtr();
    else
      return false;
  }
  return false;
}

std::optional<uint64_t> wideCopyChunk(mlir::Value dst, mlir::Value src,
                                      uint64_t size, uint64_t align) {
  if (size == 0 || inStackSlot(dst) || inStackSlot(src))
    return std::nullopt;
  for (uint64_t chunk : {16u, 8u, 4u, 2u, 1u})
    if (align >= chunk && size % chunk == 0 && size / chunk <= 4)
      return chunk;
  return std::nullopt;
}

} // namespace alloy
