// Calls of the TMA intrinsics of <gpu/detail/tma_intrinsics.hpp> (see
// <gpu/tma.hpp>). The shared-memory tile and the mbarrier arrive as generic
// pointers that <gpu/tma.hpp> only makes from shared objects, so they are
// cast to !alloy.ptr<shared> here, which the ops' verifiers require; the
// tensor map stays generic (the kernel parameter's address, see
// FunctionEmitter::emitKernel). The rank is the number of coordinates.
#include "Basic/DeviceIntrinsics.h"
#include "Basic/InternalError.h"
#include "FunctionEmitter.h"

#include "alloy/Dialect/Alloy/AlloyOps.h"

#include "clang/AST/DeclTemplate.h"

using namespace clang;

namespace alloy {

mlir::Value FunctionEmitter::emitTmaIntrinsic(Intrinsic intrinsic,
                                              const CallExpr *e) {
  mlir::Location l = loc(e->getExprLoc());
  llvm::SmallVector<mlir::Value, 8> args = emitArguments(e);
  auto shared = [&](mlir::Value p) { return castToShared(l, p); };
  switch (intrinsic) {
  case Intrinsic::TmaLoad:
    // (dst, map, bar, coordinates...)
    TmaLoadOp::create(b, l, shared(args[0]), args[1], shared(args[2]),
                      llvm::ArrayRef(args).drop_front(3), mlir::Value());
    return {};
  case Intrinsic::TmaLoadMulticast:
    // (dst, map, bar, mask, coordinates...)
    TmaLoadOp::create(b, l, shared(args[0]), args[1], shared(args[2]),
                      llvm::ArrayRef(args).drop_front(4), args[3]);
    return {};
  case Intrinsic::TmaStore:
    // (map, src, coordinates...)
    TmaStoreOp::create(b, l, args[0], shared(args[1]),
                       llvm::ArrayRef(args).drop_front(2));
    return {};
  case Intrinsic::TmaStoreCommit:
    TmaStoreCommitOp::create(b, l);
    return {};
  case Intrinsic::TmaStoreWait: {
    // template <int N, bool Read>
    const TemplateArgumentList *targs =
        e->getDirectCallee()->getTemplateSpecializationArgs();
    ALLOY_CHECK(targs && targs->size() == 2 &&
                "tma_store_wait<N, Read> takes two template arguments");
    int64_t pending = (*targs)[0].getAsIntegral().getExtValue();
    bool read = (*targs)[1].getAsIntegral().getBoolValue();
    TmaStoreWaitOp::create(b, l, pending, read);
    return {};
  }
  case Intrinsic::TmaPrefetch:
    TmaPrefetchOp::create(b, l, args[0]);
    return {};
  default:
    ALLOY_UNREACHABLE("not a TMA intrinsic");
  }
}

} // namespace alloy
