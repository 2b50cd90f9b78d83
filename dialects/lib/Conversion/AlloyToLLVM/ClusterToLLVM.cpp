// Lowering of Alloy's cluster operations (AlloyClusterOps.td) to upstream
// nvvm ops: the cluster special registers (llvm.nvvm.read.ptx.sreg.cluster.*,
// clusterid, nclusterid), barrier.cluster.arrive[.relaxed] / wait, mapa on
// generic addresses, all sm_90; setmaxnreg, for the arch-specific sm_90a
// only. Below its target each is an error at the op naming the build's
// architectures.
#include "PtxIsa.h"
#include "TargetChecks.h"
#include "alloy/Conversion/AlloyToLLVM.h"
#include "alloy/Conversion/Passes.h"
#include "alloy/Dialect/Alloy/AlloyOps.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;

namespace alloy {
namespace {

// Clusters exist from sm_90 on.
LogicalResult requireClusters(Operation *op, StringRef what,
                              const GpuTarget &target) {
  return requireSm90(op, what, target, TargetNaming::All);
}

template <class RegOp>
Value readReg(ConversionPatternRewriter &r, Location l) {
  return RegOp::create(r, l, r.getI32Type()).getResult();
}

struct ClusterRegLowering : TargetPattern<ClusterRegOp> {
  using TargetPattern::TargetPattern;
  LogicalResult matchAndRewrite(ClusterRegOp op, OpAdaptor,
                                ConversionPatternRewriter &r) const override {
    if (failed(requireClusters(op, "cluster registers", target)))
      return failure();
    Location l = op.getLoc();
    StringRef reg = op.getReg();
    Value v;
    if (reg == "rank")
      v = readReg<NVVM::ClusterId>(r, l);
    else if (reg == "size")
      v = readReg<NVVM::ClusterDim>(r, l);
    else if (reg == "block_x")
      v = readReg<NVVM::BlockInClusterIdXOp>(r, l);
    else if (reg == "block_y")
      v = readReg<NVVM::BlockInClusterIdYOp>(r, l);
    else if (reg == "block_z")
      v = readReg<NVVM::BlockInClusterIdZOp>(r, l);
    else if (reg == "dim_x")
      v = readReg<NVVM::ClusterDimBlocksXOp>(r, l);
    else if (reg == "dim_y")
      v = readReg<NVVM::ClusterDimBlocksYOp>(r, l);
    else if (reg == "dim_z")
      v = readReg<NVVM::ClusterDimBlocksZOp>(r, l);
    else if (reg == "id_x")
      v = readReg<NVVM::ClusterIdXOp>(r, l);
    else if (reg == "id_y")
      v = readReg<NVVM::ClusterIdYOp>(r, l);
    else if (reg == "id_z")
      v = readReg<NVVM::ClusterIdZOp>(r, l);
    else if (reg == "count_x")
      v = readReg<NVVM::ClusterDimXOp>(r, l);
    else if (reg == "count_y")
      v = readReg<NVVM::ClusterDimYOp>(r, l);
    else
      v = readReg<NVVM::ClusterDimZOp>(r, l);
    r.replaceOp(op, v);
    return success();
  }
};

struct ClusterBarrierLowering : TargetPattern<ClusterBarrierOp> {
  using TargetPattern::TargetPattern;
  LogicalResult matchAndRewrite(ClusterBarrierOp op, OpAdaptor,
                                ConversionPatternRewriter &r) const override {
    if (failed(requireClusters(op, "barrier.cluster", target)))
      return failure();
    Location l = op.getLoc();
    // Not .aligned: the threads of a warp may arrive or wait apart.
    if (op.getKind() == "arrive")
      NVVM::ClusterArriveOp::create(r, l, UnitAttr());
    else if (op.getKind() == "arrive_relaxed") {
      // barrier.cluster.arrive.relaxed without .aligned: PTX ISA 8.0
      // (LLVM cannot select it for an older ISA).
      requirePtxIsaAtLeast(op, 80, r);
      NVVM::ClusterArriveRelaxedOp::create(r, l, UnitAttr());
    }
    else
      NVVM::ClusterWaitOp::create(r, l, UnitAttr());
    r.eraseOp(op);
    return success();
  }
};

struct ClusterMapLowering : TargetPattern<ClusterMapOp> {
  using TargetPattern::TargetPattern;
  LogicalResult matchAndRewrite(ClusterMapOp op, OpAdaptor a,
                                ConversionPatternRewriter &r) const override {
    if (failed(requireClusters(op, "mapa", target)))
      return failure();
    r.replaceOpWithNewOp<NVVM::MapaOp>(op, a.getAddr().getType(), a.getAddr(),
                                       a.getRank());
    return success();
  }
};

struct SetMaxNRegLowering : TargetPattern<SetMaxNRegOp> {
  using TargetPattern::TargetPattern;
  LogicalResult matchAndRewrite(SetMaxNRegOp op, OpAdaptor,
                                ConversionPatternRewriter &r) const override {
    if (failed(requireSm90a(op, "setmaxnreg", target)))
      return failure();
    NVVM::SetMaxRegisterOp::create(
        r, op.getLoc(), op.getCount(),
        op.getIncrease() ? NVVM::SetMaxRegisterAction::increase
                         : NVVM::SetMaxRegisterAction::decrease);
    r.eraseOp(op);
    return success();
  }
};

} // namespace

void populateAlloyClusterToLLVMPatterns(const LLVMTypeConverter &tc,
                                        RewritePatternSet &patterns,
                                        const GpuTarget &target) {
  patterns.add<ClusterRegLowering, ClusterBarrierLowering, ClusterMapLowering,
               SetMaxNRegLowering>(tc, target);
}

} // namespace alloy
