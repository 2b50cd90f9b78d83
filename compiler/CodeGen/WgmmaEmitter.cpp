// Calls of <gpu/wgmma.hpp>'s intrinsics: Hopper's warpgroup MMA. The
// accumulator is the program's float array, loaded into SSA values before
// each op and stored back after it (LLVM keeps it in registers), so that
// fence, mma_async and wait each take and return it: see AlloyWgmmaOps.td.
// gpu::wgmma::mma_async is itself the intrinsic, so that its location (and
// alloy-check-wgmma's errors) are the user's call.
#include "Basic/DeviceIntrinsics.h"
#include "Basic/InternalError.h"
#include "FunctionEmitter.h"

#include "alloy/Dialect/Alloy/AlloyOps.h"

#include "clang/AST/DeclTemplate.h"

using namespace clang;

namespace alloy {
namespace {

const TemplateArgument &templateArg(const FunctionDecl *callee, unsigned i) {
  const TemplateArgumentList *args = callee->getTemplateSpecializationArgs();
  ALLOY_CHECK(args && i < args->size() && "wgmma intrinsics are templates");
  return (*args)[i];
}

int64_t templateInt(const FunctionDecl *callee, unsigned i) {
  const TemplateArgument &arg = templateArg(callee, i);
  ALLOY_CHECK(arg.getKind() == TemplateArgument::Integral &&
              "an integral template argument");
  return arg.getAsIntegral().getExtValue();
}

// The multiplicand type: template argument `i`, an enumerator of
// gpu::detail::mma_type named as PTX names the type.
MmaType multiplicandType(const FunctionDecl *callee, unsigned i) {
  const TemplateArgument &arg = templateArg(callee, i);
  ALLOY_CHECK(arg.getKind() == TemplateArgument::Integral &&
              "the mma_type template argument");
  if (const auto *et = arg.getIntegralType()->getAs<EnumType>())
    for (const EnumConstantDecl *e :
         et->getDecl()->getDefinitionOrSelf()->enumerators())
      if (e->getInitVal() == arg.getAsIntegral())
        if (std::optional<MmaType> t = symbolizeMmaType(e->getName()))
          return *t;
  ALLOY_UNREACHABLE("<gpu/wgmma.hpp> names the multiplicand type");
}

} // namespace

mlir::Value FunctionEmitter::emitWgmmaIntrinsic(Intrinsic intrinsic,
                                                const CallExpr *e) {
  mlir::Location l = loc(e->getExprLoc());
  const FunctionDecl *callee = e->getDirectCallee();
  mlir::Type f32 = b.getF32Type();

  switch (intrinsic) {
  case Intrinsic::SharedAddress: {
    // template-free: uint32_t shared_address(const void *)
    mlir::Value p = emitScalarExpr(e->getArg(0));
    return PtrToIntOp::create(b, l, b.getI32Type(), castToShared(l, p));
  }
  case Intrinsic::WgmmaFence: {
    // template <int Count> void fence(float *acc)
    unsigned n = templateInt(callee, 0);
    mlir::Value p = emitScalarExpr(e->getArg(0));
    if (n == 0) {
      WgmmaFenceOp::create(b, l, mlir::TypeRange{}, mlir::ValueRange{});
      return {};
    }
    llvm::SmallVector<mlir::Value, 64> acc = loadWords(l, p, n, f32);
    auto fence = WgmmaFenceOp::create(b, l, mlir::ValueRange(acc).getTypes(),
                                      acc);
    storeWords(l, p, fence.getResults());
    return {};
  }
  case Intrinsic::WgmmaMmaAsync: {
    // template <int N, class T, major MB, mma_type AB> void mma_async(
    //     accumulator<N> &acc, descriptor<T> a, descriptor<T, MB> b, bool)
    unsigned n = templateInt(callee, 0);
    bool transB = templateInt(callee, 2) != 0; // major::mn
    MmaType type = multiplicandType(callee, 3);
    Address acc = emitAddress(e->getArg(0));
    auto descriptor = [&](const Expr *arg) {
      Address d = emitMaterialized(arg);
      return LoadOp::create(b, l, b.getI64Type(), d.ptr, 8).getResult();
    };
    mlir::Value aDesc = descriptor(e->getArg(1));
    mlir::Value bDesc = descriptor(e->getArg(2));
    mlir::Value scale = emitCondition(e->getArg(3));
    auto mma =
        WgmmaMmaAsyncOp::create(b, l, n, type, aDesc, bDesc, transB, scale,
                                loadWords(l, acc.ptr, n / 2, f32));
    storeWords(l, acc.ptr, mma.getD());
    return {};
  }
  case Intrinsic::WgmmaMmaAsyncRegA: {
    // template <int N, class T, major MB, mma_type AB> void mma_async(
    //     accumulator<N> &acc, const a_fragment<T> &a, descriptor<T, MB> b,
    //     bool)
    unsigned n = templateInt(callee, 0);
    bool transB = templateInt(callee, 2) != 0; // major::mn
    MmaType type = multiplicandType(callee, 3);
    Address acc = emitAddress(e->getArg(0));
    Address frag = emitAddress(e->getArg(1));
    llvm::SmallVector<mlir::Value, 64> a =
        loadWords(l, frag.ptr, 4, b.getI32Type());
    Address d = emitMaterialized(e->getArg(2));
    mlir::Value bDesc = LoadOp::create(b, l, b.getI64Type(), d.ptr, 8);
    mlir::Value scale = emitCondition(e->getArg(3));
    auto mma =
        WgmmaMmaAsyncRegAOp::create(b, l, n, type, a, bDesc, transB, scale,
                                    loadWords(l, acc.ptr, n / 2, f32));
    storeWords(l, acc.ptr, mma.getD());
    return {};
  }
  case Intrinsic::WgmmaCommit:
    WgmmaCommitOp::create(b, l);
    return {};
  case Intrinsic::WgmmaWait: {
    // template <int Pending, int Count> void wait(float *acc)
    int64_t pending = templateInt(callee, 0);
    unsigned n = templateInt(callee, 1);
    mlir::Value p = emitScalarExpr(e->getArg(0));
    llvm::SmallVector<mlir::Value, 64> acc;
    if (n)
      acc = loadWords(l, p, n, f32);
    auto wait = WgmmaWaitOp::create(b, l, mlir::ValueRange(acc).getTypes(),
                                    b.getI32IntegerAttr(pending), acc);
    storeWords(l, p, wait.getResults());
    return {};
  }
  default:
    ALLOY_UNREACHABLE("not a wgmma intrinsic");
  }
}

} // namespace alloy
