// Lowering of Alloy's TMA operations (AlloyTmaOps.td) to upstream nvvm ops,
// and so to LLVM's NVPTX intrinsics (llvm.nvvm.cp.async.bulk.tensor.g2s /
// s2g.tile.Nd, llvm.nvvm.cp.async.bulk.commit.group / wait.group[.read],
// llvm.nvvm.prefetch.tensormap); no inline asm. The load's destination is
// the block's own shared memory seen as shared::cluster (address space 7,
// the form sm_90 has: cvta.to.shared::cluster). All need sm_90 and PTX ISA
// 8.0: below sm_90, an error at the op naming the target.
#include "PtxIsa.h"
#include "alloy/Conversion/AlloyToLLVM.h"
#include "alloy/Dialect/Alloy/AlloyOps.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;

namespace alloy {
namespace {

// NVPTX's shared::cluster address space.
constexpr unsigned sharedClusterSpace = 7;

// TMA exists from sm_90 (Hopper) on.
LogicalResult needSm90(Operation *op, StringRef what, unsigned sm,
                       ConversionPatternRewriter &r) {
  if (sm < 90)
    return op->emitOpError() << "(" << what
                             << ") needs sm_90 or newer (--gpu-arch=sm_90); "
                                "the lowest target is sm_"
                             << sm;
  requirePtxIsaAtLeast(op, 80, r);
  return success();
}

template <class Op> struct TmaPattern : ConvertOpToLLVMPattern<Op> {
  TmaPattern(const LLVMTypeConverter &tc, unsigned sm)
      : ConvertOpToLLVMPattern<Op>(tc), sm(sm) {}
  unsigned sm;
};

// With a mask, the multicast form: the box and its complete_tx reach every
// block whose rank bit is set.
struct TmaLoadLowering : TmaPattern<TmaLoadOp> {
  using TmaPattern::TmaPattern;
  LogicalResult matchAndRewrite(TmaLoadOp op, OpAdaptor a,
                                ConversionPatternRewriter &r) const override {
    if (failed(needSm90(op,
                        a.getMask() ? "cp.async.bulk.tensor multicast load"
                                    : "cp.async.bulk.tensor load",
                        sm, r)))
      return failure();
    Value dst = LLVM::AddrSpaceCastOp::create(
        r, op.getLoc(), LLVM::LLVMPointerType::get(r.getContext(),
                                                   sharedClusterSpace),
        a.getDst());
    NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
        r, op.getLoc(), dst, a.getMap(), a.getCoordinates(), a.getBar(),
        /*im2colOffsets=*/ValueRange(), /*multicastMask=*/a.getMask(),
        /*l2CacheHint=*/Value(),
        NVVM::TMALoadModeAttr::get(r.getContext(), NVVM::TMALoadMode::TILE),
        r.getBoolAttr(false), /*group=*/nullptr, /*predicate=*/Value());
    r.eraseOp(op);
    return success();
  }
};

struct TmaStoreLowering : TmaPattern<TmaStoreOp> {
  using TmaPattern::TmaPattern;
  LogicalResult matchAndRewrite(TmaStoreOp op, OpAdaptor a,
                                ConversionPatternRewriter &r) const override {
    if (failed(needSm90(op, "cp.async.bulk.tensor store", sm, r)))
      return failure();
    NVVM::CpAsyncBulkTensorSharedCTAToGlobalOp::create(
        r, op.getLoc(), a.getMap(), a.getSrc(), a.getCoordinates(),
        /*l2CacheHint=*/Value(),
        NVVM::TMAStoreModeAttr::get(r.getContext(), NVVM::TMAStoreMode::TILE),
        /*predicate=*/Value());
    r.eraseOp(op);
    return success();
  }
};

struct TmaStoreCommitLowering : TmaPattern<TmaStoreCommitOp> {
  using TmaPattern::TmaPattern;
  LogicalResult matchAndRewrite(TmaStoreCommitOp op, OpAdaptor,
                                ConversionPatternRewriter &r) const override {
    if (failed(needSm90(op, "cp.async.bulk.commit_group", sm, r)))
      return failure();
    NVVM::CpAsyncBulkCommitGroupOp::create(r, op.getLoc());
    r.eraseOp(op);
    return success();
  }
};

struct TmaStoreWaitLowering : TmaPattern<TmaStoreWaitOp> {
  using TmaPattern::TmaPattern;
  LogicalResult matchAndRewrite(TmaStoreWaitOp op, OpAdaptor,
                                ConversionPatternRewriter &r) const override {
    if (failed(needSm90(op, "cp.async.bulk.wait_group", sm, r)))
      return failure();
    NVVM::CpAsyncBulkWaitGroupOp::create(
        r, op.getLoc(), r.getI32IntegerAttr(int32_t(op.getPending())),
        op.getRead() ? r.getUnitAttr() : UnitAttr());
    r.eraseOp(op);
    return success();
  }
};

struct TmaPrefetchLowering : TmaPattern<TmaPrefetchOp> {
  using TmaPattern::TmaPattern;
  LogicalResult matchAndRewrite(TmaPrefetchOp op, OpAdaptor a,
                                ConversionPatternRewriter &r) const override {
    if (failed(needSm90(op, "prefetch.tensormap", sm, r)))
      return failure();
    NVVM::PrefetchOp::create(r, op.getLoc(), /*cacheLevel=*/nullptr,
                             /*evictPriority=*/nullptr, a.getMap(),
                             /*predicate=*/Value(), /*tensormap=*/true);
    r.eraseOp(op);
    return success();
  }
};

} // namespace

void populateAlloyTmaToLLVMPatterns(const LLVMTypeConverter &tc,
                                    RewritePatternSet &patterns,
                                    const GpuTarget &target) {
  patterns.add<TmaLoadLowering, TmaStoreLowering, TmaStoreCommitLowering,
               TmaStoreWaitLowering, TmaPrefetchLowering>(tc, target.sm);
}

} // namespace alloy
