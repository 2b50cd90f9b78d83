// Lowering of Alloy's mbarrier, proxy-fence and elect operations
// (AlloyHopperOps.td) to upstream nvvm ops, and so to LLVM's NVPTX
// intrinsics (llvm.nvvm.mbarrier.*, llvm.nvvm.fence.proxy.async.shared_cta,
// llvm.nvvm.elect.sync), all of them convergent in LLVM. The arrive and
// try_wait forms are the release/acquire ones at block scope
// (`mbarrier.arrive.release.cta.shared::cta.b64`, PTX ISA 8.0), so the
// function asks for PTX ISA 8.0 (alloy-ptx-isa). Everything but init, arrive
// without a transaction count and inval needs sm_90: below it, an error at
// the op naming the target.
#include "Lowering.h"
#include "PtxIsa.h"
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

Lowered init(MbarrierInitOp op, MbarrierInitOp::Adaptor a,
             ConversionPatternRewriter &r) {
  return NVVM::MBarrierInitOp::create(r, op.getLoc(), a.getAddr(), a.getCount(),
                                      Value());
}

// The arrive without a transaction count exists below sm_90 too; from
// sm_90 on it is the release form, PTX ISA 8.0.
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
Lowered arriveCluster(MbarrierArriveClusterOp op,
                      MbarrierArriveClusterOp::Adaptor a,
                      ConversionPatternRewriter &r) {
  auto clusterPtr = LLVM::LLVMPointerType::get(r.getContext(), 7);
  Value remote = NVVM::MapaOp::create(r, op.getLoc(), clusterPtr, a.getAddr(),
                                      a.getRank());
  auto cluster =
      NVVM::MemScopeKindAttr::get(r.getContext(), NVVM::MemScopeKind::CLUSTER);
  return NVVM::MBarrierArriveOp::create(r, op.getLoc(), Type(), remote, Value(),
                                        cluster, r.getBoolAttr(false));
}

Lowered expectTx(MbarrierExpectTxOp op, MbarrierExpectTxOp::Adaptor a,
                 ConversionPatternRewriter &r) {
  return NVVM::MBarrierExpectTxOp::create(r, op.getLoc(), a.getAddr(),
                                          a.getTxBytes(), cta(r));
}

Lowered tryWait(MbarrierTryWaitOp op, MbarrierTryWaitOp::Adaptor a,
                ConversionPatternRewriter &r) {
  return NVVM::MBarrierTryWaitOp::create(r, op.getLoc(), r.getI1Type(),
                                         a.getAddr(), a.getState(), Value(),
                                         cta(r));
}

Lowered inval(MbarrierInvalOp op, MbarrierInvalOp::Adaptor a,
              ConversionPatternRewriter &r) {
  return NVVM::MBarrierInvalOp::create(r, op.getLoc(), a.getAddr());
}

Lowered fenceProxyAsync(FenceProxyAsyncOp op, FenceProxyAsyncOp::Adaptor,
                        ConversionPatternRewriter &r) {
  auto cta =
      NVVM::SharedSpaceAttr::get(r.getContext(), NVVM::SharedSpace::shared_cta);
  return NVVM::FenceProxyOp::create(r, op.getLoc(),
                                    NVVM::ProxyKind::async_shared, cta);
}

Lowered fenceInit(FenceMbarrierInitOp op, FenceMbarrierInitOp::Adaptor,
                  ConversionPatternRewriter &r) {
  return NVVM::FenceMbarrierInitOp::create(r, op.getLoc());
}

Lowered electSync(ElectSyncOp op, ElectSyncOp::Adaptor,
                  ConversionPatternRewriter &r) {
  return NVVM::ElectSyncOp::create(r, op.getLoc(), r.getI1Type(), Value());
}

} // namespace

void addHopperLowerings(LoweringTable &table) {
  table.addPatterns<MbarrierArriveLowering>(table.target())
      .add<MbarrierInitOp>(init)
      .add<MbarrierArriveClusterOp>(arriveCluster, Needs::Sm90Ptx80,
                                    "mbarrier.arrive.shared::cluster")
      .add<MbarrierExpectTxOp>(expectTx, Needs::Sm90Ptx80, "mbarrier.expect_tx")
      .add<MbarrierTryWaitOp>(tryWait, Needs::Sm90Ptx80, "mbarrier.try_wait")
      .add<MbarrierInvalOp>(inval)
      .add<FenceProxyAsyncOp>(fenceProxyAsync, Needs::Sm90, "fence.proxy.async")
      .add<FenceMbarrierInitOp>(fenceInit, Needs::Sm90, "fence.mbarrier_init")
      .add<ElectSyncOp>(electSync, Needs::Sm90Ptx80, "elect.sync");
}

} // namespace alloy
