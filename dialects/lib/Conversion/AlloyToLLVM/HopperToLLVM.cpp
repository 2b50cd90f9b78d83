// Lowering of Alloy's mbarrier, proxy-fence and elect operations
// (AlloyHopperOps.td) to upstream nvvm ops, and so to LLVM's NVPTX
// intrinsics (llvm.nvvm.mbarrier.*, llvm.nvvm.fence.proxy.async.shared_cta,
// llvm.nvvm.elect.sync), all of them convergent in LLVM. The arrive and
// try_wait forms are the release/acquire ones at block scope
// (`mbarrier.arrive.release.cta.shared::cta.b64`, PTX ISA 8.0), so the
// function asks for PTX ISA 8.0 (alloy-ptx-isa). Everything but init, arrive
// without a transaction count and inval needs sm_90: below it, an error at
// the op naming the target.
#include "PtxIsa.h"
#include "TargetChecks.h"
#include "alloy/Conversion/AlloyToLLVM.h"
#include "alloy/Dialect/Alloy/AlloyOps.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;

namespace alloy {
namespace {

NVVM::MemScopeKindAttr cta(ConversionPatternRewriter &r) {
  return NVVM::MemScopeKindAttr::get(r.getContext(), NVVM::MemScopeKind::CTA);
}

struct MbarrierInitLowering : TargetPattern<MbarrierInitOp> {
  using TargetPattern::TargetPattern;
  LogicalResult matchAndRewrite(MbarrierInitOp op, OpAdaptor a,
                                ConversionPatternRewriter &r) const override {
    NVVM::MBarrierInitOp::create(r, op.getLoc(), a.getAddr(), a.getCount(),
                                 Value());
    r.eraseOp(op);
    return success();
  }
};

struct MbarrierArriveLowering : TargetPattern<MbarrierArriveOp> {
  using TargetPattern::TargetPattern;
  LogicalResult matchAndRewrite(MbarrierArriveOp op, OpAdaptor a,
                                ConversionPatternRewriter &r) const override {
    Type i64 = r.getI64Type();
    if (a.getTxBytes()) {
      if (failed(requireSm90Ptx80(op, "mbarrier.arrive.expect_tx", target, r)))
        return failure();
      r.replaceOpWithNewOp<NVVM::MBarrierArriveExpectTxOp>(
          op, i64, a.getAddr(), a.getTxBytes(), cta(r), r.getBoolAttr(false),
          Value());
      return success();
    }
    if (target.sm >= 90)
      requirePtxIsaAtLeast(op, 80, r);
    r.replaceOpWithNewOp<NVVM::MBarrierArriveOp>(op, i64, a.getAddr(), Value(),
                                                 cta(r));
    return success();
  }
};

// mapa to the other block's window, then a cluster-scope release arrive
// on shared::cluster (no token).
struct MbarrierArriveClusterLowering : TargetPattern<MbarrierArriveClusterOp> {
  using TargetPattern::TargetPattern;
  LogicalResult matchAndRewrite(MbarrierArriveClusterOp op, OpAdaptor a,
                                ConversionPatternRewriter &r) const override {
    if (failed(
            requireSm90Ptx80(op, "mbarrier.arrive.shared::cluster", target, r)))
      return failure();
    Location loc = op.getLoc();
    auto clusterPtr = LLVM::LLVMPointerType::get(r.getContext(), 7);
    Value remote =
        NVVM::MapaOp::create(r, loc, clusterPtr, a.getAddr(), a.getRank());
    NVVM::MBarrierArriveOp::create(
        r, loc, Type(), remote, Value(),
        NVVM::MemScopeKindAttr::get(r.getContext(),
                                    NVVM::MemScopeKind::CLUSTER),
        r.getBoolAttr(false));
    r.eraseOp(op);
    return success();
  }
};

struct MbarrierExpectTxLowering : TargetPattern<MbarrierExpectTxOp> {
  using TargetPattern::TargetPattern;
  LogicalResult matchAndRewrite(MbarrierExpectTxOp op, OpAdaptor a,
                                ConversionPatternRewriter &r) const override {
    if (failed(requireSm90Ptx80(op, "mbarrier.expect_tx", target, r)))
      return failure();
    NVVM::MBarrierExpectTxOp::create(r, op.getLoc(), a.getAddr(),
                                     a.getTxBytes(), cta(r));
    r.eraseOp(op);
    return success();
  }
};

struct MbarrierTryWaitLowering : TargetPattern<MbarrierTryWaitOp> {
  using TargetPattern::TargetPattern;
  LogicalResult matchAndRewrite(MbarrierTryWaitOp op, OpAdaptor a,
                                ConversionPatternRewriter &r) const override {
    if (failed(requireSm90Ptx80(op, "mbarrier.try_wait", target, r)))
      return failure();
    r.replaceOpWithNewOp<NVVM::MBarrierTryWaitOp>(
        op, r.getI1Type(), a.getAddr(), a.getState(), Value(), cta(r));
    return success();
  }
};

struct MbarrierInvalLowering : TargetPattern<MbarrierInvalOp> {
  using TargetPattern::TargetPattern;
  LogicalResult matchAndRewrite(MbarrierInvalOp op, OpAdaptor a,
                                ConversionPatternRewriter &r) const override {
    NVVM::MBarrierInvalOp::create(r, op.getLoc(), a.getAddr());
    r.eraseOp(op);
    return success();
  }
};

struct FenceProxyAsyncLowering : TargetPattern<FenceProxyAsyncOp> {
  using TargetPattern::TargetPattern;
  LogicalResult matchAndRewrite(FenceProxyAsyncOp op, OpAdaptor,
                                ConversionPatternRewriter &r) const override {
    if (failed(requireSm90(op, "fence.proxy.async", target)))
      return failure();
    NVVM::FenceProxyOp::create(
        r, op.getLoc(), NVVM::ProxyKind::async_shared,
        NVVM::SharedSpaceAttr::get(r.getContext(),
                                   NVVM::SharedSpace::shared_cta));
    r.eraseOp(op);
    return success();
  }
};

struct FenceMbarrierInitLowering : TargetPattern<FenceMbarrierInitOp> {
  using TargetPattern::TargetPattern;
  LogicalResult matchAndRewrite(FenceMbarrierInitOp op, OpAdaptor,
                                ConversionPatternRewriter &r) const override {
    if (failed(requireSm90(op, "fence.mbarrier_init", target)))
      return failure();
    NVVM::FenceMbarrierInitOp::create(r, op.getLoc());
    r.eraseOp(op);
    return success();
  }
};

struct ElectSyncLowering : TargetPattern<ElectSyncOp> {
  using TargetPattern::TargetPattern;
  LogicalResult matchAndRewrite(ElectSyncOp op, OpAdaptor,
                                ConversionPatternRewriter &r) const override {
    if (failed(requireSm90Ptx80(op, "elect.sync", target, r)))
      return failure();
    r.replaceOpWithNewOp<NVVM::ElectSyncOp>(op, r.getI1Type(), Value());
    return success();
  }
};

} // namespace

void populateAlloyHopperToLLVMPatterns(const LLVMTypeConverter &tc,
                                       RewritePatternSet &patterns,
                                       const GpuTarget &target) {
  patterns.add<MbarrierInitLowering, MbarrierArriveLowering,
               MbarrierArriveClusterLowering, MbarrierExpectTxLowering,
               MbarrierTryWaitLowering, MbarrierInvalLowering,
               FenceProxyAsyncLowering, FenceMbarrierInitLowering,
               ElectSyncLowering>(tc, target);
}

} // namespace alloy
