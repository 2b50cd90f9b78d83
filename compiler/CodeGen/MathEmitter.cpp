// Calls of C and C++ math functions (Basic/MathFunctions.def): an MLIR
// math operation where one exists (lowered to libdevice or to an LLVM
// intrinsic later), else a call of libdevice's function.
#include "Basic/InternalError.h"
#include "Basic/MathFunctions.h"
#include "FunctionEmitter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "clang/AST/ASTContext.h"

using namespace clang;
namespace math = mlir::math;
namespace arith = mlir::arith;

namespace alloy {
namespace {

mlir::Value emitMathOp(mlir::OpBuilder &b, mlir::Location l, MathEmit f,
                       llvm::ArrayRef<mlir::Value> a) {
  switch (f) {
  case MathEmit::Sqrt:
    return math::SqrtOp::create(b, l, a[0]);
  case MathEmit::Cbrt:
    return math::CbrtOp::create(b, l, a[0]);
  case MathEmit::Exp:
    return math::ExpOp::create(b, l, a[0]);
  case MathEmit::Exp2:
    return math::Exp2Op::create(b, l, a[0]);
  case MathEmit::Expm1:
    return math::ExpM1Op::create(b, l, a[0]);
  case MathEmit::Log:
    return math::LogOp::create(b, l, a[0]);
  case MathEmit::Log2:
    return math::Log2Op::create(b, l, a[0]);
  case MathEmit::Log10:
    return math::Log10Op::create(b, l, a[0]);
  case MathEmit::Log1p:
    return math::Log1pOp::create(b, l, a[0]);
  case MathEmit::Sin:
    return math::SinOp::create(b, l, a[0]);
  case MathEmit::Cos:
    return math::CosOp::create(b, l, a[0]);
  case MathEmit::Tan:
    return math::TanOp::create(b, l, a[0]);
  case MathEmit::Asin:
    return math::AsinOp::create(b, l, a[0]);
  case MathEmit::Acos:
    return math::AcosOp::create(b, l, a[0]);
  case MathEmit::Atan:
    return math::AtanOp::create(b, l, a[0]);
  case MathEmit::Atan2:
    return math::Atan2Op::create(b, l, a[0], a[1]);
  case MathEmit::Sinh:
    return math::SinhOp::create(b, l, a[0]);
  case MathEmit::Cosh:
    return math::CoshOp::create(b, l, a[0]);
  case MathEmit::Tanh:
    return math::TanhOp::create(b, l, a[0]);
  case MathEmit::Asinh:
    return math::AsinhOp::create(b, l, a[0]);
  case MathEmit::Acosh:
    return math::AcoshOp::create(b, l, a[0]);
  case MathEmit::Atanh:
    return math::AtanhOp::create(b, l, a[0]);
  case MathEmit::Pow:
    return math::PowFOp::create(b, l, a[0], a[1]);
  case MathEmit::Erf:
    return math::ErfOp::create(b, l, a[0]);
  case MathEmit::Fabs:
    return math::AbsFOp::create(b, l, a[0]);
  case MathEmit::Floor:
    return math::FloorOp::create(b, l, a[0]);
  case MathEmit::Ceil:
    return math::CeilOp::create(b, l, a[0]);
  case MathEmit::Trunc:
    return math::TruncOp::create(b, l, a[0]);
  case MathEmit::Round:
    return math::RoundOp::create(b, l, a[0]);
  case MathEmit::RoundEven:
    return math::RoundEvenOp::create(b, l, a[0]);
  case MathEmit::Fma:
    return math::FmaOp::create(b, l, a[0], a[1], a[2]);
  case MathEmit::Fmin:
    return arith::MinNumFOp::create(b, l, a[0], a[1]);
  case MathEmit::Fmax:
    return arith::MaxNumFOp::create(b, l, a[0], a[1]);
  case MathEmit::Copysign:
    return math::CopySignOp::create(b, l, a[0], a[1]);
  case MathEmit::Libdevice:
    break;
  }
  ALLOY_UNREACHABLE("libdevice calls are emitted by the caller");
}

// nan("n-char-sequence") with a literal: the quiet NaN glibc makes (the
// sequence, read as an integer, is the payload).
std::optional<llvm::APFloat> literalNaN(const Expr *arg,
                                        const llvm::fltSemantics &sem) {
  const auto *lit = dyn_cast<StringLiteral>(arg->IgnoreParenImpCasts());
  if (!lit || lit->getCharByteWidth() != 1)
    return std::nullopt;
  llvm::APInt payload(64, 0);
  StringRef text = lit->getString();
  if (!text.empty() && text.getAsInteger(0, payload))
    payload = llvm::APInt(64, 0);
  return llvm::APFloat::getQNaN(sem, /*Negative=*/false, &payload);
}

} // namespace

mlir::Value FunctionEmitter::emitMathCall(const FunctionDecl *callee,
                                          const CallExpr *e) {
  MathFunction f = *lookupMathFunction(callee, ast);
  mlir::Location l = loc(e->getExprLoc());
  mlir::Type result = valueType(e->getType());
  if (f.name == "nan")
    if (auto nan = literalNaN(e->getArg(0),
                              cast<mlir::FloatType>(result).getFloatSemantics()))
      return arith::ConstantOp::create(b, l, result,
                                       b.getFloatAttr(result, *nan));
  llvm::SmallVector<mlir::Value, 8> args = emitArguments(e);
  if (f.emit == MathEmit::Libdevice)
    return emitLibdeviceCall(f.libdeviceName(), result, args, l);
  return emitMathOp(b, l, f.emit, args);
}

} // namespace alloy
