// Calls of the device API's intrinsics (include/gpu/detail/intrinsics.hpp):
// each becomes the Alloy operation of its name.
#include "FunctionLowering.h"

#include "alloy/Dialect/Alloy/AlloyOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MathExtras.h"

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
    FenceOp::create(
        b, l, name == "fence.device" ? FenceScope::device : FenceScope::block);
    return {};
  }
  if (name == "printf")
    return emitPrintf(e);
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
  return unsupported(e,
                     "the device intrinsic '" + name +
                         "' (not supported by this version of Alloy yet)",
                     types.valueType(e->getType()));
}

// CUDA's device printf: vprintf(format, buffer) with the arguments packed
// into a local buffer, each aligned to its size, floats as doubles and small
// integers as 32-bit ints (the C default argument promotions).
mlir::Value FunctionLowering::emitPrintf(const CallExpr *e) {
  mlir::Location l = loc(e->getExprLoc());
  mlir::Value format = emitScalar(e->getArg(0));
  struct Slot {
    mlir::Value value;
    uint64_t offset;
    uint64_t size;
  };
  llvm::SmallVector<Slot, 8> slots;
  uint64_t offset = 0;
  for (unsigned i = 1; i < e->getNumArgs(); ++i) {
    const Expr *arg = e->getArg(i);
    QualType t = arg->getType().getCanonicalType();
    if (!types.isScalar(t) || t->isNullPtrType()) {
      unsupported(arg, "printing a value of type '" + t.getAsString() + "'");
      continue;
    }
    mlir::Value v = emitScalar(arg);
    if (auto ft = dyn_cast<mlir::FloatType>(v.getType())) {
      if (ft.getWidth() < 64)
        v = mlir::arith::ExtFOp::create(b, l, b.getF64Type(), v);
    } else if (auto it = dyn_cast<mlir::IntegerType>(v.getType());
               it && it.getWidth() < 32) {
      v = convertScalar(
          v, t,
          t->isSignedIntegerOrEnumerationType() ? ast.IntTy : ast.UnsignedIntTy,
          l);
    }
    uint64_t size =
        isa<PtrType>(v.getType()) ? 8 : v.getType().getIntOrFloatBitWidth() / 8;
    offset = llvm::alignTo(offset, size);
    slots.push_back({v, offset, size});
    offset += size;
  }
  mlir::Value buffer = NullOp::create(b, l, types.pointerType());
  if (!slots.empty()) {
    mlir::Type record = RecordType::get(&module.ctx, "printf arguments",
                                        llvm::alignTo(offset, 8), 8);
    mlir::OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(entry);
    buffer = AllocaOp::create(b, l, record, 8);
  }
  for (const Slot &slot : slots) {
    mlir::Value p = buffer;
    if (slot.offset)
      p = MemberAddrOp::create(b, l, buffer, slot.offset);
    StoreOp::create(b, l, slot.value, p, slot.size);
  }
  mlir::func::FuncOp vprintf = module.getExternalFunction(
      "vprintf", b.getFunctionType({types.pointerType(), types.pointerType()},
                                   {b.getI32Type()}));
  return mlir::func::CallOp::create(b, l, vprintf,
                                    mlir::ValueRange{format, buffer})
      .getResult(0);
}

} // namespace alloy
