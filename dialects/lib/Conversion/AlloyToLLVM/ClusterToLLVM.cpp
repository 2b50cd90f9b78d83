// Lowering of Alloy's cluster operations (AlloyClusterOps.td) to upstream
// nvvm ops: the cluster special registers (llvm.nvvm.read.ptx.sreg.cluster.*,
// clusterid, nclusterid), barrier.cluster.arrive[.relaxed] / wait, mapa on
// generic addresses, all sm_90; setmaxnreg, for the arch-specific sm_90a
// only. Below its target each is an error at the op naming the build's
// architectures.
#include "Lowering.h"
#include "PtxIsa.h"
#include "alloy/Conversion/AlloyToLLVM.h"
#include "alloy/Conversion/Passes.h"
#include "alloy/Dialect/Alloy/AlloyOps.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;

namespace alloy {
namespace {

template <class RegOp> Value readReg(ConversionPatternRewriter &r, Location l) {
  return RegOp::create(r, l, r.getI32Type()).getResult();
}

Lowered clusterReg(ClusterRegOp op, ClusterRegOp::Adaptor,
                   ConversionPatternRewriter &r) {
  Location l = op.getLoc();
  StringRef reg = op.getReg();
  if (reg == "rank")
    return readReg<NVVM::ClusterId>(r, l);
  if (reg == "size")
    return readReg<NVVM::ClusterDim>(r, l);
  if (reg == "block_x")
    return readReg<NVVM::BlockInClusterIdXOp>(r, l);
  if (reg == "block_y")
    return readReg<NVVM::BlockInClusterIdYOp>(r, l);
  if (reg == "block_z")
    return readReg<NVVM::BlockInClusterIdZOp>(r, l);
  if (reg == "dim_x")
    return readReg<NVVM::ClusterDimBlocksXOp>(r, l);
  if (reg == "dim_y")
    return readReg<NVVM::ClusterDimBlocksYOp>(r, l);
  if (reg == "dim_z")
    return readReg<NVVM::ClusterDimBlocksZOp>(r, l);
  if (reg == "id_x")
    return readReg<NVVM::ClusterIdXOp>(r, l);
  if (reg == "id_y")
    return readReg<NVVM::ClusterIdYOp>(r, l);
  if (reg == "id_z")
    return readReg<NVVM::ClusterIdZOp>(r, l);
  if (reg == "count_x")
    return readReg<NVVM::ClusterDimXOp>(r, l);
  if (reg == "count_y")
    return readReg<NVVM::ClusterDimYOp>(r, l);
  return readReg<NVVM::ClusterDimZOp>(r, l);
}

// Not .aligned: the threads of a warp may arrive or wait apart.
Lowered clusterBarrier(ClusterBarrierOp op, ClusterBarrierOp::Adaptor,
                       ConversionPatternRewriter &r) {
  Location l = op.getLoc();
  if (op.getKind() == "arrive")
    return NVVM::ClusterArriveOp::create(r, l, UnitAttr());
  if (op.getKind() == "wait")
    return NVVM::ClusterWaitOp::create(r, l, UnitAttr());
  // barrier.cluster.arrive.relaxed without .aligned: PTX ISA 8.0 (LLVM
  // cannot select it for an older ISA).
  requirePtxIsaAtLeast(op, 80, r);
  return NVVM::ClusterArriveRelaxedOp::create(r, l, UnitAttr());
}

Lowered clusterMap(ClusterMapOp op, ClusterMapOp::Adaptor a,
                   ConversionPatternRewriter &r) {
  return NVVM::MapaOp::create(r, op.getLoc(), a.getAddr().getType(),
                              a.getAddr(), a.getRank());
}

Lowered setMaxNReg(SetMaxNRegOp op, SetMaxNRegOp::Adaptor,
                   ConversionPatternRewriter &r) {
  return NVVM::SetMaxRegisterOp::create(
      r, op.getLoc(), op.getCount(),
      op.getIncrease() ? NVVM::SetMaxRegisterAction::increase
                       : NVVM::SetMaxRegisterAction::decrease);
}

} // namespace

// Clusters exist from sm_90 on; setmaxnreg only on sm_90a.
void addClusterLowerings(LoweringTable &table) {
  table.add<ClusterRegOp>(clusterReg, Needs::Clusters, "cluster registers")
      .add<ClusterBarrierOp>(clusterBarrier, Needs::Clusters, "barrier.cluster")
      .add<ClusterMapOp>(clusterMap, Needs::Clusters, "mapa")
      .add<SetMaxNRegOp>(setMaxNReg, Needs::Sm90a, "setmaxnreg");
}

} // namespace alloy
