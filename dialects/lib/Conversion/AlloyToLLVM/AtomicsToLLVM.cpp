// Lowering of Alloy's atomics and warp operations to llvm + nvvm.
//
// Atomics are `monotonic` at `syncscope("device")`: NVPTX prints the
// read-modify-writes as plain `atom.<op>` (PTX's default: .relaxed, .gpu),
// exactly CUDA's atomicAdd & co., and cmpxchg as `atom.relaxed.gpu.cas`,
// the same instruction as CUDA's `atom.cas` spelled out. Without the scope,
// LLVM's system scope would give cmpxchg `atom.relaxed.sys.cas`, stronger
// and slower than CUDA's.
#include "InlineAsm.h"
#include "Lowering.h"
#include "alloy/Conversion/AlloyToLLVM.h"
#include "alloy/Dialect/Alloy/AlloyOps.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;

namespace alloy {
namespace {

constexpr LLVM::AtomicOrdering kOrdering = LLVM::AtomicOrdering::monotonic;
constexpr StringLiteral kScope = "device";

LLVM::AtomicBinOp binOp(AtomicKind kind) {
  switch (kind) {
  case AtomicKind::add:
    return LLVM::AtomicBinOp::add;
  case AtomicKind::sub:
    return LLVM::AtomicBinOp::sub;
  case AtomicKind::smin:
    return LLVM::AtomicBinOp::min;
  case AtomicKind::smax:
    return LLVM::AtomicBinOp::max;
  case AtomicKind::umin:
    return LLVM::AtomicBinOp::umin;
  case AtomicKind::umax:
    return LLVM::AtomicBinOp::umax;
  case AtomicKind::_and:
    return LLVM::AtomicBinOp::_and;
  case AtomicKind::_or:
    return LLVM::AtomicBinOp::_or;
  case AtomicKind::_xor:
    return LLVM::AtomicBinOp::_xor;
  case AtomicKind::exch:
    return LLVM::AtomicBinOp::xchg;
  case AtomicKind::fadd:
    return LLVM::AtomicBinOp::fadd;
  }
  llvm_unreachable("unknown atomic kind");
}

Lowered atomicRMW(AtomicRMWOp op, AtomicRMWOp::Adaptor a,
                  ConversionPatternRewriter &r) {
  // A pair of f16: PTX's own instruction (sm_60), where LLVM's NVPTX
  // backend would loop on a compare-and-swap.
  auto pair = dyn_cast<VectorType>(op.getValue().getType());
  if (pair && pair.getElementType().isF16()) {
    Location loc = op.getLoc();
    Type i32 = r.getI32Type();
    Value bits = LLVM::BitcastOp::create(r, loc, i32, a.getValue());
    // A generic address: atom takes global and shared ones alike.
    Value ptr = a.getPtr();
    auto generic = LLVM::LLVMPointerType::get(r.getContext());
    if (ptr.getType() != generic)
      ptr = LLVM::AddrSpaceCastOp::create(r, loc, generic, ptr);
    auto asmOp = createInlineAsm(r, loc, i32, ValueRange{ptr, bits},
                                 "atom.add.noftz.f16x2 $0, [$1], $2;",
                                 "=r,l,r,~{memory}", /*sideEffects=*/true);
    return LLVM::BitcastOp::create(r, op.getLoc(), pair, asmOp.getResult(0));
  }
  return LLVM::AtomicRMWOp::create(r, op.getLoc(), binOp(op.getKind()),
                                   a.getPtr(), a.getValue(), kOrdering, kScope);
}

Lowered atomicCAS(AtomicCASOp op, AtomicCASOp::Adaptor a,
                  ConversionPatternRewriter &r) {
  auto cas = LLVM::AtomicCmpXchgOp::create(r, op.getLoc(), a.getPtr(),
                                           a.getExpected(), a.getDesired(),
                                           kOrdering, kOrdering, kScope);
  return LLVM::ExtractValueOp::create(r, op.getLoc(), cas.getRes(), 0);
}

// Alloy's shuffle kinds are NVVM's, by name.
NVVM::ShflKind nvvmKind(ShflKind kind) {
  return *NVVM::symbolizeShflKind(stringifyShflKind(kind));
}

Lowered shfl(ShflOp op, ShflOp::Adaptor a, ConversionPatternRewriter &r) {
  Location loc = op.getLoc();
  Type i32 = r.getI32Type(), i64 = r.getI64Type();
  // CUDA's `c` operand for width 32: the lane clamp 31 for idx/down/bfly,
  // 0 for up (the lower bound), segment mask 0 (the whole warp).
  int32_t clampValue = op.getKind() == ShflKind::up ? 0 : 0x1f;
  Value clamp =
      LLVM::ConstantOp::create(r, loc, i32, r.getI32IntegerAttr(clampValue));
  NVVM::ShflKind kind = nvvmKind(op.getKind());
  auto shfl32 = [&](Value v) -> Value {
    return NVVM::ShflOp::create(r, loc, v.getType(), a.getMask(), v,
                                a.getLane(), clamp, kind, UnitAttr())
        .getRes();
  };
  Value v = a.getValue();
  Type type = v.getType();
  if (type.getIntOrFloatBitWidth() == 32)
    return shfl32(v);
  // 64 bits: shuffle the two halves with the same lane, as CUDA does.
  if (type != i64)
    v = LLVM::BitcastOp::create(r, loc, i64, v);
  Value c32 = LLVM::ConstantOp::create(r, loc, i64, r.getI64IntegerAttr(32));
  Value lo = LLVM::TruncOp::create(r, loc, i32, v);
  Value hi =
      LLVM::TruncOp::create(r, loc, i32, LLVM::LShrOp::create(r, loc, v, c32));
  lo = LLVM::ZExtOp::create(r, loc, i64, shfl32(lo));
  hi = LLVM::ZExtOp::create(r, loc, i64, shfl32(hi));
  Value result =
      LLVM::OrOp::create(r, loc, lo, LLVM::ShlOp::create(r, loc, hi, c32));
  if (type != i64)
    result = LLVM::BitcastOp::create(r, loc, type, result);
  return result;
}

Lowered vote(VoteOp op, VoteOp::Adaptor a, ConversionPatternRewriter &r) {
  NVVM::VoteSyncKind kind = NVVM::VoteSyncKind::ballot;
  if (op.getKind() == VoteKind::all)
    kind = NVVM::VoteSyncKind::all;
  else if (op.getKind() == VoteKind::any)
    kind = NVVM::VoteSyncKind::any;
  return NVVM::VoteSyncOp::create(r, op.getLoc(), op.getType(), a.getMask(),
                                  a.getPred(), kind);
}

NVVM::ReduxKind nvvmReduxKind(ReduxKind kind) {
  switch (kind) {
  case ReduxKind::add:
    return NVVM::ReduxKind::ADD;
  case ReduxKind::min:
    return NVVM::ReduxKind::MIN;
  case ReduxKind::max:
    return NVVM::ReduxKind::MAX;
  case ReduxKind::umin:
    return NVVM::ReduxKind::UMIN;
  case ReduxKind::umax:
    return NVVM::ReduxKind::UMAX;
  case ReduxKind::bit_and:
    return NVVM::ReduxKind::AND;
  case ReduxKind::bit_or:
    return NVVM::ReduxKind::OR;
  case ReduxKind::bit_xor:
    return NVVM::ReduxKind::XOR;
  }
  llvm_unreachable("every ReduxKind is handled");
}

Lowered redux(ReduxOp op, ReduxOp::Adaptor a, ConversionPatternRewriter &r) {
  return NVVM::ReduxOp::create(r, op.getLoc(), op.getType(), a.getValue(),
                               nvvmReduxKind(op.getKind()), a.getMask());
}

Lowered warpSync(WarpSyncOp op, WarpSyncOp::Adaptor a,
                 ConversionPatternRewriter &r) {
  return NVVM::SyncWarpOp::create(r, op.getLoc(), a.getMask());
}

} // namespace

void addAtomicsLowerings(LoweringTable &table) {
  table.add<AtomicRMWOp>(atomicRMW).add<AtomicCASOp>(atomicCAS);
  // The warp's operations.
  table.add<ShflOp>(shfl).add<VoteOp>(vote).add<ReduxOp>(redux);
  table.add<WarpSyncOp>(warpSync);
}

} // namespace alloy
