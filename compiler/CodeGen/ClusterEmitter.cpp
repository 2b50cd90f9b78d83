// Calls of the cluster and setmaxnreg intrinsics of <gpu/cluster.hpp> and
// <gpu/detail/cluster_intrinsics.hpp>: one Alloy operation each
// (AlloyClusterOps.td), two for cluster::sync (arrive, wait).
#include "Basic/DeviceIntrinsics.h"
#include "Basic/InternalError.h"
#include "FunctionEmitter.h"

#include "alloy/Dialect/Alloy/AlloyOps.h"

using namespace clang;

namespace alloy {
namespace {

// The name of the cluster register an intrinsic reads, or "".
llvm::StringRef clusterRegister(Intrinsic intrinsic) {
  switch (intrinsic) {
  case Intrinsic::ClusterRank:
    return "rank";
  case Intrinsic::ClusterSize:
    return "size";
  case Intrinsic::ClusterBlockX:
    return "block_x";
  case Intrinsic::ClusterBlockY:
    return "block_y";
  case Intrinsic::ClusterBlockZ:
    return "block_z";
  case Intrinsic::ClusterDimX:
    return "dim_x";
  case Intrinsic::ClusterDimY:
    return "dim_y";
  case Intrinsic::ClusterDimZ:
    return "dim_z";
  case Intrinsic::ClusterIdX:
    return "id_x";
  case Intrinsic::ClusterIdY:
    return "id_y";
  case Intrinsic::ClusterIdZ:
    return "id_z";
  case Intrinsic::ClusterCountX:
    return "count_x";
  case Intrinsic::ClusterCountY:
    return "count_y";
  case Intrinsic::ClusterCountZ:
    return "count_z";
  default:
    return {};
  }
}

// Integral template argument `i` of the intrinsic called by `e`.
int64_t templateInt(const CallExpr *e, unsigned i) {
  const FunctionDecl *callee = e->getDirectCallee();
  const TemplateArgumentList *args =
      callee ? callee->getTemplateSpecializationArgs() : nullptr;
  ALLOY_CHECK(args && i < args->size() &&
              (*args)[i].getKind() == TemplateArgument::Integral &&
              "setmaxnreg takes integral template arguments");
  return (*args)[i].getAsIntegral().getExtValue();
}

} // namespace

mlir::Value FunctionEmitter::emitClusterIntrinsic(Intrinsic intrinsic,
                                                  const CallExpr *e) {
  mlir::Location l = loc(e->getExprLoc());
  if (llvm::StringRef reg = clusterRegister(intrinsic); !reg.empty())
    return ClusterRegOp::create(b, l, b.getI32Type(), b.getStringAttr(reg));
  switch (intrinsic) {
  case Intrinsic::ClusterSync:
    ClusterBarrierOp::create(b, l, b.getStringAttr("arrive"));
    ClusterBarrierOp::create(b, l, b.getStringAttr("wait"));
    return {};
  case Intrinsic::ClusterArrive:
    ClusterBarrierOp::create(b, l, b.getStringAttr("arrive"));
    return {};
  case Intrinsic::ClusterArriveRelaxed:
    ClusterBarrierOp::create(b, l, b.getStringAttr("arrive_relaxed"));
    return {};
  case Intrinsic::ClusterWait:
    ClusterBarrierOp::create(b, l, b.getStringAttr("wait"));
    return {};
  case Intrinsic::ClusterMap: {
    mlir::Value p = emitScalarExpr(e->getArg(0));
    mlir::Value rank = emitScalarExpr(e->getArg(1));
    return ClusterMapOp::create(b, l, p.getType(), p, rank);
  }
  case Intrinsic::SetMaxNRegInc:
  case Intrinsic::SetMaxNRegDec: {
    bool increase = intrinsic == Intrinsic::SetMaxNRegInc;
    auto count = int32_t(templateInt(e, 0));
    SetMaxNRegOp::create(b, l, increase ? b.getUnitAttr() : mlir::UnitAttr(),
                         b.getI32IntegerAttr(count));
    return {};
  }
  default:
    ALLOY_UNREACHABLE("not a cluster intrinsic");
  }
}

} // namespace alloy
