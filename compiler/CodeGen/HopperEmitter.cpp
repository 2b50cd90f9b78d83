// Calls of the mbarrier, proxy-fence and elect intrinsics of
// <gpu/detail/hopper_intrinsics.hpp> (see <gpu/hopper.hpp>). The mbarrier's
// address arrives as a generic pointer; <gpu/hopper.hpp> only makes one
// from an object in shared memory, so it is cast to !alloy.ptr<shared>
// here (cvta.to.shared), which the ops' verifiers require.
#include "Basic/DeviceIntrinsics.h"
#include "Basic/InternalError.h"
#include "FunctionEmitter.h"

#include "alloy/Dialect/Alloy/AlloyOps.h"

using namespace clang;

namespace alloy {

mlir::Value FunctionEmitter::emitHopperIntrinsic(Intrinsic intrinsic,
                                                 const CallExpr *e) {
  mlir::Location l = loc(e->getExprLoc());
  llvm::SmallVector<mlir::Value, 8> args = emitArguments(e);
  auto shared = [&](mlir::Value p) { return castToShared(l, p); };
  switch (intrinsic) {
  case Intrinsic::MbarrierInit:
    MbarrierInitOp::create(b, l, shared(args[0]), args[1]);
    return {};
  case Intrinsic::MbarrierArrive:
    return MbarrierArriveOp::create(b, l, b.getI64Type(), shared(args[0]),
                                    mlir::Value());
  case Intrinsic::MbarrierArriveExpectTx:
    return MbarrierArriveOp::create(b, l, b.getI64Type(), shared(args[0]),
                                    args[1]);
  case Intrinsic::MbarrierArriveCluster:
    MbarrierArriveClusterOp::create(b, l, shared(args[0]), args[1]);
    return {};
  case Intrinsic::MbarrierExpectTx:
    MbarrierExpectTxOp::create(b, l, shared(args[0]), args[1]);
    return {};
  case Intrinsic::MbarrierTryWait:
  case Intrinsic::MbarrierTryWaitParity:
    return MbarrierTryWaitOp::create(b, l, b.getI1Type(), shared(args[0]),
                                     args[1]);
  case Intrinsic::MbarrierInval:
    MbarrierInvalOp::create(b, l, shared(args[0]));
    return {};
  case Intrinsic::FenceProxyAsync:
    FenceProxyAsyncOp::create(b, l);
    return {};
  case Intrinsic::FenceMbarrierInit:
    FenceMbarrierInitOp::create(b, l);
    return {};
  case Intrinsic::ElectOne:
    return ElectSyncOp::create(b, l, b.getI1Type());
  default:
    ALLOY_UNREACHABLE("not a Hopper intrinsic");
  }
}

} // namespace alloy
