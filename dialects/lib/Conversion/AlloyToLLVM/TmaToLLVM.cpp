// Lowering of Alloy's TMA operations (AlloyTmaOps.td) to upstream nvvm ops,
// and so to LLVM's NVPTX intrinsics (llvm.nvvm.cp.async.bulk.tensor.g2s /
// s2g.tile.Nd, llvm.nvvm.cp.async.bulk.commit.group / wait.group[.read],
// llvm.nvvm.prefetch.tensormap); no inline asm. The load's destination is
// the block's own shared memory seen as shared::cluster (address space 7,
// the form sm_90 has: cvta.to.shared::cluster). All need sm_90 and PTX ISA
// 8.0: below sm_90, an error at the op naming the target.
#include "Lowering.h"
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

// With a mask, the multicast form: the box and its complete_tx reach every
// block whose rank bit is set.
struct TmaLoadLowering : TargetPattern<TmaLoadOp> {
  using TargetPattern::TargetPattern;
  LogicalResult matchAndRewrite(TmaLoadOp op, OpAdaptor a,
                                ConversionPatternRewriter &r) const override {
    if (failed(requireSm90Ptx80(op,
                                a.getMask()
                                    ? "cp.async.bulk.tensor multicast load"
                                    : "cp.async.bulk.tensor load",
                                target, r)))
      return failure();
    Value dst = LLVM::AddrSpaceCastOp::create(
        r, op.getLoc(),
        LLVM::LLVMPointerType::get(r.getContext(), sharedClusterSpace),
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

Lowered store(TmaStoreOp op, TmaStoreOp::Adaptor a,
              ConversionPatternRewriter &r) {
  auto tile =
      NVVM::TMAStoreModeAttr::get(r.getContext(), NVVM::TMAStoreMode::TILE);
  return NVVM::CpAsyncBulkTensorSharedCTAToGlobalOp::create(
      r, op.getLoc(), a.getMap(), a.getSrc(), a.getCoordinates(),
      /*l2CacheHint=*/Value(), tile, /*predicate=*/Value());
}

Lowered storeCommit(TmaStoreCommitOp op, TmaStoreCommitOp::Adaptor,
                    ConversionPatternRewriter &r) {
  return NVVM::CpAsyncBulkCommitGroupOp::create(r, op.getLoc());
}

Lowered storeWait(TmaStoreWaitOp op, TmaStoreWaitOp::Adaptor,
                  ConversionPatternRewriter &r) {
  return NVVM::CpAsyncBulkWaitGroupOp::create(
      r, op.getLoc(), r.getI32IntegerAttr(int32_t(op.getPending())),
      op.getRead() ? r.getUnitAttr() : UnitAttr());
}

Lowered prefetch(TmaPrefetchOp op, TmaPrefetchOp::Adaptor a,
                 ConversionPatternRewriter &r) {
  return NVVM::PrefetchOp::create(r, op.getLoc(), /*cacheLevel=*/nullptr,
                                  /*evictPriority=*/nullptr, a.getMap(),
                                  /*predicate=*/Value(), /*tensormap=*/true);
}

} // namespace

void addTmaLowerings(LoweringTable &table) {
  table.addPatterns<TmaLoadLowering>(table.target())
      .add<TmaStoreOp>(store, Needs::Sm90Ptx80, "cp.async.bulk.tensor store")
      .add<TmaStoreCommitOp>(storeCommit, Needs::Sm90Ptx80,
                             "cp.async.bulk.commit_group")
      .add<TmaStoreWaitOp>(storeWait, Needs::Sm90Ptx80,
                           "cp.async.bulk.wait_group")
      .add<TmaPrefetchOp>(prefetch, Needs::Sm90Ptx80, "prefetch.tensormap");
}

} // namespace alloy
