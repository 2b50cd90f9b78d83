// Calls of the approximate half-precision functions of
// <gpu/detail/tensor_intrinsics.hpp> (half_approx, packed2_approx: the
// bodies of gpu::fast::exp2, tanh, ... on halves and pairs). The function
// and the element type are template arguments, read by their enumerators'
// names; the value travels as its bits (a 16-bit or a 32-bit word), so the
// call becomes alloy.bitcast, one alloy.approx, alloy.bitcast.
#include "Basic/DeviceIntrinsics.h"
#include "Basic/InternalError.h"
#include "FunctionEmitter.h"
#include "UpstreamOps.h"

#include "alloy/Dialect/Alloy/AlloyOps.h"

#include "mlir/IR/BuiltinTypes.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"

using namespace clang;

namespace alloy {
namespace {

// The enumerator name of the intrinsic's template argument `i`.
StringRef enumeratorName(const FunctionDecl *callee, unsigned i) {
  const TemplateArgumentList *args = callee->getTemplateSpecializationArgs();
  ALLOY_CHECK(args && i < args->size() &&
              (*args)[i].getKind() == TemplateArgument::Integral &&
              "the approximate functions take enumerators as arguments");
  const TemplateArgument &arg = (*args)[i];
  const auto *et = arg.getIntegralType()->getAs<EnumType>();
  ALLOY_CHECK(et && "the approximate functions take enumerators as arguments");
  for (const EnumConstantDecl *e :
       et->getDecl()->getDefinitionOrSelf()->enumerators())
    if (e->getInitVal() == arg.getAsIntegral())
      return e->getName();
  ALLOY_UNREACHABLE("a template argument that is no enumerator");
}

} // namespace

mlir::Value FunctionEmitter::emitHalfMathIntrinsic(Intrinsic intrinsic,
                                                   const CallExpr *e) {
  // template <approx_fn F, packed_elem E>
  mlir::Location l = loc(e->getExprLoc());
  const FunctionDecl *callee = e->getDirectCallee();
  std::optional<ApproxFn> fn = symbolizeApproxFn(enumeratorName(callee, 0));
  ALLOY_CHECK(fn && "<gpu/detail/tensor_intrinsics.hpp> names alloy.approx's "
                    "functions");
  mlir::Type elem = enumeratorName(callee, 1) == "bf16"
                        ? mlir::Type(b.getBF16Type())
                        : mlir::Type(b.getF16Type());
  mlir::Value word = emitScalarExpr(e->getArg(0));
  mlir::Type value = elem;
  if (intrinsic == Intrinsic::Packed2Approx)
    value = mlir::VectorType::get({2}, elem);
  else
    ALLOY_CHECK(intrinsic == Intrinsic::HalfApprox && "not a half intrinsic");
  mlir::Value x = createBitcast(b, l, value, word);
  mlir::Value y = ApproxOp::create(b, l, value, *fn, x);
  return createBitcast(b, l, word.getType(), y);
}

} // namespace alloy
