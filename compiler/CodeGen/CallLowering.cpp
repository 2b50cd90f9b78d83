// Calls: device functions, constructors, Alloy intrinsics and the clang
// builtins that device code may use.
#include "FunctionLowering.h"

#include "alloy/Dialect/Alloy/AlloyOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/Builtins.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;
namespace arith = mlir::arith;
namespace math = mlir::math;

namespace alloy {
namespace {

std::optional<StringRef> intrinsicName(const FunctionDecl *fn) {
  for (const auto *a : fn->specific_attrs<AnnotateAttr>()) {
    StringRef name = a->getAnnotation();
    if (name.consume_front(kIntrinsicPrefix))
      return name;
  }
  return std::nullopt;
}

enum class MathFn {
  None,
  Sqrt,
  Rsqrt,
  Exp,
  Exp2,
  Expm1,
  Log,
  Log2,
  Log10,
  Log1p,
  Sin,
  Cos,
  Tan,
  Asin,
  Acos,
  Atan,
  Atan2,
  Sinh,
  Cosh,
  Tanh,
  Pow,
  Fabs,
  Floor,
  Ceil,
  Trunc,
  Round,
  Fma,
  Fmin,
  Fmax,
  Erf,
  Cbrt,
  Copysign
};

// libm names (double and float spellings) and clang's __builtin_ forms.
MathFn mathFunction(StringRef name) {
  name.consume_front("__builtin_");
  StringRef base = name;
  if (base.ends_with("f") && base != "erf")
    base = base.drop_back();
  if (name == "erff")
    base = "erf";
  return llvm::StringSwitch<MathFn>(base)
      .Case("sqrt", MathFn::Sqrt)
      .Case("exp", MathFn::Exp)
      .Case("exp2", MathFn::Exp2)
      .Case("expm1", MathFn::Expm1)
      .Case("log", MathFn::Log)
      .Case("log2", MathFn::Log2)
      .Case("log10", MathFn::Log10)
      .Case("log1p", MathFn::Log1p)
      .Case("sin", MathFn::Sin)
      .Case("cos", MathFn::Cos)
      .Case("tan", MathFn::Tan)
      .Case("asin", MathFn::Asin)
      .Case("acos", MathFn::Acos)
      .Case("atan", MathFn::Atan)
      .Case("atan2", MathFn::Atan2)
      .Case("sinh", MathFn::Sinh)
      .Case("cosh", MathFn::Cosh)
      .Case("tanh", MathFn::Tanh)
      .Case("pow", MathFn::Pow)
      .Case("fabs", MathFn::Fabs)
      .Case("floor", MathFn::Floor)
      .Case("ceil", MathFn::Ceil)
      .Case("trunc", MathFn::Trunc)
      .Case("round", MathFn::Round)
      .Case("fma", MathFn::Fma)
      .Case("fmin", MathFn::Fmin)
      .Case("fmax", MathFn::Fmax)
      .Case("erf", MathFn::Erf)
      .Case("cbrt", MathFn::Cbrt)
      .Case("copysign", MathFn::Copysign)
      .Default(MathFn::None);
}

} // namespace

static mlir::Value emitMath(mlir::OpBuilder &b, mlir::Location l, MathFn f,
                            llvm::ArrayRef<mlir::Value> a) {
  switch (f) {
  case MathFn::Sqrt:
    return math::SqrtOp::create(b, l, a[0]);
  case MathFn::Rsqrt:
    return math::RsqrtOp::create(b, l, a[0]);
  case MathFn::Exp:
    return math::ExpOp::create(b, l, a[0]);
  case MathFn::Exp2:
    return math::Exp2Op::create(b, l, a[0]);
  case MathFn::Expm1:
    return math::ExpM1Op::create(b, l, a[0]);
  case MathFn::Log:
    return math::LogOp::create(b, l, a[0]);
  case MathFn::Log2:
    return math::Log2Op::create(b, l, a[0]);
  case MathFn::Log10:
    return math::Log10Op::create(b, l, a[0]);
  case MathFn::Log1p:
    return math::Log1pOp::create(b, l, a[0]);
  case MathFn::Sin:
    return math::SinOp::create(b, l, a[0]);
  case MathFn::Cos:
    return math::CosOp::create(b, l, a[0]);
  case MathFn::Tan:
    return math::TanOp::create(b, l, a[0]);
  case MathFn::Asin:
    return math::AsinOp::create(b, l, a[0]);
  case MathFn::Acos:
    return math::AcosOp::create(b, l, a[0]);
  case MathFn::Atan:
    return math::AtanOp::create(b, l, a[0]);
  case MathFn::Atan2:
    return math::Atan2Op::create(b, l, a[0], a[1]);
  case MathFn::Sinh:
    return math::SinhOp::create(b, l, a[0]);
  case MathFn::Cosh:
    return math::CoshOp::create(b, l, a[0]);
  case MathFn::Tanh:
    return math::TanhOp::create(b, l, a[0]);
  case MathFn::Pow:
    return math::PowFOp::create(b, l, a[0], a[1]);
  case MathFn::Fabs:
    return math::AbsFOp::create(b, l, a[0]);
  case MathFn::Floor:
    return math::FloorOp::create(b, l, a[0]);
  case MathFn::Ceil:
    return math::CeilOp::create(b, l, a[0]);
  case MathFn::Trunc:
    return math::TruncOp::create(b, l, a[0]);
  case MathFn::Round:
    return math::RoundOp::create(b, l, a[0]);
  case MathFn::Fma:
    return math::FmaOp::create(b, l, a[0], a[1], a[2]);
  case MathFn::Fmin:
    return arith::MinNumFOp::create(b, l, a[0], a[1]);
  case MathFn::Fmax:
    return arith::MaxNumFOp::create(b, l, a[0], a[1]);
  case MathFn::Erf:
    return math::ErfOp::create(b, l, a[0]);
  case MathFn::Cbrt:
    return math::CbrtOp::create(b, l, a[0]);
  case MathFn::Copysign:
    return math::CopySignOp::create(b, l, a[0], a[1]);
  case MathFn::None:
    break;
  }
  return {};
}

// Arguments in the internal calling convention: references, and classes
// passed by value (as a copy the caller makes), go as pointers.
void FunctionLowering::emitArguments(
    const FunctionDecl *callee, llvm::ArrayRef<const Expr *> args,
    llvm::SmallVectorImpl<mlir::Value> &operands) {
  for (auto [param, arg] : llvm::zip(callee->parameters(), args)) {
    QualType pt = param->getType();
    if (pt->isReferenceType())
      operands.push_back(emitLValue(arg).ptr);
    else if (types.isAggregate(pt))
      operands.push_back(materialize(arg).ptr);
    else
      operands.push_back(emitScalar(arg));
  }
}

mlir::Value FunctionLowering::emitCall(const CallExpr *e, Address sret) {
  mlir::Location l = loc(e->getExprLoc());
  QualType t = e->getType();
  mlir::Type vt = types.valueType(t);
  const FunctionDecl *callee = e->getDirectCallee();
  if (!callee)
    return unsupported(e,
                       "an indirect call (function pointers are not "
                       "supported yet)",
                       vt);

  if (std::optional<StringRef> name = intrinsicName(callee))
    return emitIntrinsic(*name, e);
  if (unsigned id = callee->getBuiltinID())
    return emitBuiltin(id, e);

  // <cassert>'s failure path: CUDA's __assertfail prints the message and
  // stops the kernel.
  if (callee->isExternC() && callee->getName() == "__assert_fail" &&
      callee->getNumParams() == 4) {
    emitAssertFail(e);
    return {};
  }

  const auto *method = dyn_cast<CXXMethodDecl>(callee);
  if (method && method->isVirtual() && !method->hasAttr<FinalAttr>() &&
      !method->getParent()->hasAttr<FinalAttr>())
    return unsupported(e,
                       "a virtual call (the GPU has no virtual dispatch in "
                       "Alloy)",
                       vt);
  if (alloy::isKernel(callee))
    return unsupported(e,
                       "a call of the kernel '" +
                           callee->getQualifiedNameAsString() +
                           "' (kernels are launched from the host)",
                       vt);

  // The object argument, for member functions.
  llvm::ArrayRef<const Expr *> args(e->getArgs(), e->getNumArgs());
  mlir::Value self;
  if (method && method->isInstance()) {
    if (const auto *mce = dyn_cast<CXXMemberCallExpr>(e)) {
      const Expr *obj = mce->getImplicitObjectArgument();
      const auto *me = dyn_cast<MemberExpr>(mce->getCallee()->IgnoreParens());
      self = (me && me->isArrow()) ? emitScalar(obj) : emitLValue(obj).ptr;
    } else if (isa<CXXOperatorCallExpr>(e)) {
      self = emitLValue(args.front()).ptr;
      args = args.drop_front();
    } else {
      return unsupported(e, "this kind of member call", vt);
    }
    // Trivial copy and move assignments are plain copies.
    if (method->isTrivial() && (method->isCopyAssignmentOperator() ||
                                method->isMoveAssignmentOperator())) {
      QualType cls = ast.getCanonicalTagType(method->getParent());
      uint64_t align = types.alignOf(cls);
      emitCopy(Address{self, align}, emitLValue(args.front()), cls);
      return self;
    }
  } else if (method && isa<CXXOperatorCallExpr>(e) && method->isStatic() &&
             args.size() > callee->getNumParams()) {
    // A static operator() called through an object.
    emitIgnored(args.front());
    args = args.drop_front();
  }

  if (callee->isVariadic())
    return unsupported(e, "a call of a variadic function", vt);
  mlir::func::FuncOp target = module.getFunction(callee, e->getExprLoc());
  if (!target)
    return poison(vt, l);

  llvm::SmallVector<mlir::Value, 8> operands;
  bool aggregateResult = types.isAggregate(t) && !e->isGLValue();
  if (aggregateResult) {
    if (!sret)
      sret = createTemp(t);
    operands.push_back(sret.ptr);
  }
  if (self)
    operands.push_back(self);
  emitArguments(callee, args, operands);
  auto call = mlir::func::CallOp::create(b, l, target, operands);
  if (callee->isNoReturn()) {
    UnreachableOp::create(b, l);
    startDeadBlock();
  }
  if (call.getNumResults() == 1)
    return call.getResult(0);
  return {};
}

void FunctionLowering::emitAssertFail(const CallExpr *e) {
  mlir::Location l = loc(e->getExprLoc());
  mlir::Type ptr = types.pointerType();
  mlir::Value message = emitScalar(e->getArg(0));
  mlir::Value file = emitScalar(e->getArg(1));
  mlir::Value line = emitScalar(e->getArg(2));
  mlir::Value function = emitScalar(e->getArg(3));
  mlir::func::FuncOp assertfail = module.getExternalFunction(
      "__assertfail",
      b.getFunctionType({ptr, ptr, b.getI32Type(), ptr, b.getI64Type()}, {}));
  mlir::func::CallOp::create(
      b, l, assertfail,
      mlir::ValueRange{message, file, line, function,
                       constantInt(l, b.getI64Type(), 1)});
  TrapOp::create(b, l);
  UnreachableOp::create(b, l);
  startDeadBlock();
}

mlir::Value FunctionLowering::emitConstructorCall(const CXXConstructExpr *e,
                                                  Address dest) {
  mlir::Location l = loc(e->getExprLoc());
  QualType t = e->getType();
  const CXXConstructorDecl *ctor = e->getConstructor();
  if (e->requiresZeroInitialization())
    emitZeroInto(dest, t);
  if (ctor->isTrivial()) {
    if (ctor->isDefaultConstructor())
      return {};
    if (ctor->isCopyOrMoveConstructor()) {
      emitCopy(dest, emitLValue(e->getArg(0)), t);
      return {};
    }
  }
  if (ast.getAsArrayType(t))
    return unsupported(e, "an array of objects with a constructor");
  if (ctor->isVariadic())
    return unsupported(e, "a variadic constructor");
  mlir::func::FuncOp target = module.getFunction(ctor, e->getExprLoc());
  if (!target)
    return {};
  llvm::SmallVector<mlir::Value, 8> operands{dest.ptr};
  emitArguments(ctor, llvm::ArrayRef(e->getArgs(), e->getNumArgs()), operands);
  mlir::func::CallOp::create(b, l, target, operands);
  return {};
}

mlir::Value FunctionLowering::emitBuiltin(unsigned id, const CallExpr *e) {
  mlir::Location l = loc(e->getExprLoc());
  QualType t = e->getType();
  mlir::Type vt = types.valueType(t);
  std::string nameStorage = ast.BuiltinInfo.getName(id);
  StringRef name = nameStorage;
  StringRef plain = name;
  plain.consume_front("__builtin_");
  if (plain == "is_constant_evaluated")
    return constantInt(l, vt, 0);
  if (plain == "unreachable") {
    UnreachableOp::create(b, l);
    startDeadBlock();
    return {};
  }
  if (plain == "trap" || plain == "abort") {
    TrapOp::create(b, l);
    UnreachableOp::create(b, l);
    startDeadBlock();
    return {};
  }
  if (plain == "expect" || plain == "expect_with_probability") {
    mlir::Value v = emitScalar(e->getArg(0));
    for (unsigned i = 1; i < e->getNumArgs(); ++i)
      emitIgnored(e->getArg(i));
    return v;
  }
  if (plain == "assume")
    return {};
  if (MathFn f = mathFunction(name);
      f != MathFn::None && vt && isa<mlir::FloatType>(vt)) {
    llvm::SmallVector<mlir::Value, 3> args;
    for (const Expr *a : e->arguments())
      args.push_back(emitScalar(a));
    for (mlir::Value &a : args)
      if (a.getType() != vt)
        return unsupported(e, "a mixed-precision call of '" + name + "'", vt);
    return emitMath(b, l, f, args);
  }
  if (ast.BuiltinInfo.isPredefinedLibFunction(id) ||
      ast.BuiltinInfo.isHeaderDependentFunction(id)) {
    module.error(e->getExprLoc(),
                 "'" + name +
                     "' is a host library function, which cannot "
                     "run on the GPU");
    return poison(vt, l);
  }
  return unsupported(e, "the builtin function '" + name + "'", vt);
}

} // namespace alloy
