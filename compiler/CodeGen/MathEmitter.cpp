// Calls of C and C++ math functions (Basic/MathFunctions.def): an MLIR
// math operation where one exists (Basic/MathOps.def; lowered to libdevice
// or to an LLVM intrinsic later), else a call of libdevice's function.
#include "Basic/InternalError.h"
#include "Basic/MathFunctions.h"
#include "FunctionEmitter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "clang/AST/ASTContext.h"

#include <utility>

using namespace clang;
namespace math = mlir::math;
namespace arith = mlir::arith;

namespace alloy {
namespace {

// Op::create of the first `Arity` arguments.
template <class Op, size_t... Arity>
mlir::Value createOp(mlir::OpBuilder &b, mlir::Location l,
                     llvm::ArrayRef<mlir::Value> a,
                     std::index_sequence<Arity...>) {
  return Op::create(b, l, a[Arity]...);
}

mlir::Value emitMathOp(mlir::OpBuilder &b, mlir::Location l, MathEmit f,
                       llvm::ArrayRef<mlir::Value> a) {
  switch (f) {
#define ALLOY_MATH_OP(EMIT, OP, ARITY)                                         \
  case MathEmit::EMIT:                                                         \
    return createOp<OP>(b, l, a, std::make_index_sequence<ARITY>());
#include "Basic/MathOps.def"
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
