// Calls of the device API's intrinsics (include/gpu/detail/intrinsics.hpp):
// each becomes the Alloy operation of its name.
#include "FunctionLowering.h"

#include "alloy/Dialect/Alloy/AlloyOps.h"

#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace alloy {

mlir::Value FunctionLowering::emitIntrinsic(StringRef name, const CallExpr *e) {
  mlir::Location l = loc(e->getExprLoc());
  auto [kind, dimName] = name.split('.');
  std::optional<Dim> dim = llvm::StringSwitch<std::optional<Dim>>(dimName)
                               .Case("x", Dim::x)
                               .Case("y", Dim::y)
                               .Case("z", Dim::z)
                               .Default(std::nullopt);
  if (dim) {
    if (kind == "thread_id")
      return ThreadIdOp::create(b, l, *dim);
    if (kind == "block_id")
      return BlockIdOp::create(b, l, *dim);
    if (kind == "block_dim")
      return BlockDimOp::create(b, l, *dim);
    if (kind == "grid_dim")
      return GridDimOp::create(b, l, *dim);
  }
  if (name == "lane_id")
    return LaneIdOp::create(b, l);
  if (name == "barrier") {
    BarrierOp::create(b, l);
    return {};
  }
  if (name == "fence.device" || name == "fence.block") {
    FenceOp::create(b, l,
                    name == "fence.device" ? FenceScope::device
                                           : FenceScope::block);
    return {};
  }
  if (name == "dynamic_shared.base") {
    mlir::Value base = DynamicSharedBaseOp::create(b, l);
    return AddrSpaceCastOp::create(b, l, types.pointerType(), base);
  }
  if (name == "dynamic_shared.size")
    return DynamicSharedSizeOp::create(b, l, b.getI32Type());
  if (name == "trap") {
    TrapOp::create(b, l);
    UnreachableOp::create(b, l);
    startDeadBlock();
    return {};
  }
  if (name.starts_with("atomic.") || name.starts_with("warp."))
    return emitAtomicOrWarpIntrinsic(name, e);
  return unsupported(e, "the device intrinsic '" + name +
                            "' (not supported by this version of Alloy yet)",
                     types.valueType(e->getType()));
}

} // namespace alloy
