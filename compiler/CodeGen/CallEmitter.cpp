// Calls of device functions, constructors and destructors, and what a call
// can also be: a device intrinsic, a clang builtin, a math function.
//
// The internal calling convention: a class result through a pointer to the
// destination (first), then `this`, then the parameters, with references
// and classes passed by value as pointers (to a copy the caller made).
#include "Basic/ASTUtils.h"
#include "Basic/DeviceIntrinsics.h"
#include "Basic/MathFunctions.h"
#include "FunctionEmitter.h"

#include "alloy/Dialect/Alloy/AlloyOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace alloy {

void FunctionEmitter::emitArguments(const FunctionDecl *callee,
                                    llvm::ArrayRef<const Expr *> args,
                                    llvm::SmallVectorImpl<mlir::Value> &operands) {
  for (auto [param, arg] : llvm::zip(callee->parameters(), args)) {
    QualType pt = param->getType();
    if (pt->isReferenceType())
      operands.push_back(emitAddress(arg).ptr);
    else if (types.isAggregate(pt))
      operands.push_back(emitMaterialized(arg).ptr);
    else
      operands.push_back(emitScalarExpr(arg));
  }
}

mlir::Value FunctionEmitter::emitCallExpr(const CallExpr *e, Address sret) {
  mlir::Location l = loc(e->getExprLoc());
  QualType t = e->getType();
  const FunctionDecl *callee = e->getDirectCallee();
  if (!callee) {
    // p->~T() for a scalar T: the object expression only.
    const auto *pd =
        cast<CXXPseudoDestructorExpr>(e->getCallee()->IgnoreParenImpCasts());
    emitIgnoredExpr(pd->getBase());
    return {};
  }
  if (std::optional<StringRef> name = intrinsicName(callee))
    return emitIntrinsicCall(*lookupIntrinsic(*name), e);
  if (lookupMathFunction(callee, ast))
    return emitMathCall(callee, e);
  if (unsigned id = callee->getBuiltinID())
    return emitBuiltinCall(id, e, sret);
  // libstdc++'s std::__throw_out_of_range_fmt(...) and the like.
  if (std::optional<std::string> thrown = libraryThrow(e, ast))
    return emitLibraryThrow(e, *thrown), mlir::Value();
  // <cassert>'s failure path.
  if (callee->isExternC() && callee->getName() == "__assert_fail")
    return emitAssertFail(e), mlir::Value();
  if (isClockCall(callee))
    return emitClock(e);

  // The object argument of a member function.
  llvm::ArrayRef<const Expr *> args(e->getArgs(), e->getNumArgs());
  const auto *method = dyn_cast<CXXMethodDecl>(callee);
  mlir::Value self;
  if (const auto *me =
          dyn_cast<MemberExpr>(e->getCallee()->IgnoreParenImpCasts())) {
    if (method && method->isImplicitObjectMemberFunction())
      self = me->isArrow() ? emitScalarExpr(me->getBase())
                           : emitAddress(me->getBase()).ptr;
    else
      emitIgnoredExpr(me->getBase()); // a static member named via an object
  } else if (method && method->isImplicitObjectMemberFunction()) {
    // An operator call: the object is the first argument.
    self = emitAddress(args.front()).ptr;
    args = args.drop_front();
  } else if (method && isa<CXXOperatorCallExpr>(e) &&
             args.size() > callee->getNumParams()) {
    // A static operator() called through an object.
    emitIgnoredExpr(args.front());
    args = args.drop_front();
  }
  if (const auto *dtor = dyn_cast<CXXDestructorDecl>(callee)) {
    // obj.~T(): an explicit destructor call.
    if (!dtor->isTrivial())
      emitDestroy(Address{self, types.alignOf(ast.getCanonicalTagType(
                                    dtor->getParent()))},
                  ast.getCanonicalTagType(dtor->getParent()));
    return {};
  }
  // Trivial copy and move assignments are plain copies.
  if (method && method->isTrivial() &&
      (method->isCopyAssignmentOperator() ||
       method->isMoveAssignmentOperator())) {
    QualType cls = ast.getCanonicalTagType(method->getParent());
    emitCopy(Address{self, types.alignOf(cls)}, emitMaterialized(args.front()),
             cls);
    return self;
  }

  mlir::func::FuncOp target = module.getFunction(callee, e->getExprLoc());
  llvm::SmallVector<mlir::Value, 8> operands;
  bool classResult = types.isAggregate(t) && !e->isGLValue();
  if (classResult) {
    if (!sret)
      sret = createTemp(t);
    operands.push_back(sret.ptr);
  }
  if (self)
    operands.push_back(self);
  emitArguments(callee, args, operands);
  auto call = mlir::func::CallOp::create(b, l, target, operands);
  if (callee->isNoReturn())
    emitUnreachable(l);
  if (classResult)
    return sret.ptr;
  if (call.getNumResults() == 1)
    return call.getResult(0);
  return {};
}

void FunctionEmitter::emitConstructExpr(const CXXConstructExpr *e,
                                        Address dest) {
  QualType t = e->getType();
  const CXXConstructorDecl *ctor = e->getConstructor();
  if (e->requiresZeroInitialization())
    emitZeroInit(dest, t);
  llvm::ArrayRef<const Expr *> args(e->getArgs(), e->getNumArgs());
  if (ast.getAsConstantArrayType(t)) {
    // Each element, in order.
    auto [count, elem] = flattenArray(t);
    if (ctor->isTrivial() && ctor->isDefaultConstructor())
      return;
    emitArrayLoop(dest, count, elem, [&](Address a, mlir::Value) {
      emitConstructorCall(ctor, a, args, e->getExprLoc());
    });
    return;
  }
  emitConstructorCall(ctor, dest, args, e->getExprLoc());
}

void FunctionEmitter::emitConstructorCall(const CXXConstructorDecl *ctor,
                                          Address dest,
                                          llvm::ArrayRef<const Expr *> args,
                                          SourceLocation use) {
  QualType cls = ast.getCanonicalTagType(ctor->getParent());
  if (ctor->isTrivial()) {
    if (ctor->isDefaultConstructor())
      return;
    if (ctor->isCopyOrMoveConstructor()) {
      emitCopy(dest, emitMaterialized(args.front()), cls);
      return;
    }
  }
  mlir::func::FuncOp target = module.getFunction(ctor, use);
  llvm::SmallVector<mlir::Value, 8> operands{dest.ptr};
  emitArguments(ctor, args, operands);
  mlir::func::CallOp::create(b, loc(use), target, operands);
}

void FunctionEmitter::emitDestroy(Address addr, QualType t) {
  if (ast.getAsConstantArrayType(t)) {
    auto [count, elem] = flattenArray(t);
    QualType elemType = elem; // (a structured binding is not captured)
    emitArrayLoop(
        addr, count, elemType,
        [&](Address a, mlir::Value) { emitDestroy(a, elemType); },
        /*reverse=*/true);
    return;
  }
  const CXXRecordDecl *rd = t->getAsCXXRecordDecl();
  const CXXDestructorDecl *dtor = rd->getDestructor();
  mlir::func::FuncOp target = module.getFunction(dtor, dtor->getLocation());
  mlir::func::CallOp::create(b, b.getUnknownLoc(), target,
                             mlir::ValueRange{addr.ptr});
}

// <time.h>'s clock() in device code is CUDA's: the multiprocessor's 32-bit
// cycle counter (%clock), sign-extended to clock_t as CUDA's is.
mlir::Value FunctionEmitter::emitClock(const CallExpr *e) {
  mlir::Location l = loc(e->getExprLoc());
  auto asmOp = InlineAsmOp::create(b, l, mlir::TypeRange{b.getI32Type()},
                                   "mov.u32 $0, %clock;", "=r",
                                   mlir::ValueRange{}, /*side_effects=*/true);
  mlir::Type to = valueType(e->getType());
  mlir::Value v = asmOp.getResult(0);
  return to == v.getType() ? v
                           : mlir::arith::ExtSIOp::create(b, l, to, v).getResult();
}

// glibc's __assert_fail(message, file, line, function): CUDA's __assertfail
// prints the message, then the kernel stops.
void FunctionEmitter::emitAssertFail(const CallExpr *e) {
  mlir::Value message = emitScalarExpr(e->getArg(0));
  mlir::Value file = emitScalarExpr(e->getArg(1));
  mlir::Value line = emitScalarExpr(e->getArg(2));
  mlir::Value function = emitScalarExpr(e->getArg(3));
  emitCudaAssertFail(message, file, line, function, loc(e->getExprLoc()));
}

// CUDA's __assertfail(message, file, line, function, char size), then trap.
void FunctionEmitter::emitCudaAssertFail(mlir::Value message, mlir::Value file,
                                         mlir::Value line, mlir::Value function,
                                         mlir::Location l) {
  mlir::Type ptr = types.pointerType();
  mlir::func::FuncOp assertfail = module.getExternalFunction(
      "__assertfail",
      b.getFunctionType({ptr, ptr, b.getI32Type(), ptr, b.getI64Type()}, {}));
  mlir::func::CallOp::create(
      b, l, assertfail,
      mlir::ValueRange{message, file, line, function,
                       constantInt(l, b.getI64Type(), 1)});
  emitTrap(l);
}

void FunctionEmitter::emitLibraryThrow(const Expr *e, StringRef exception) {
  mlir::Location l = loc(e->getExprLoc());
  const SourceManager &sm = ast.getSourceManager();
  PresumedLoc where = sm.getPresumedLoc(sm.getExpansionLoc(e->getExprLoc()));
  auto text = [&](llvm::StringRef s) {
    return emitConstantData((s + llvm::Twine('\0')).str(), 1, l).ptr;
  };
  std::string message =
      (exception + " thrown in device code (the GPU has no exceptions)").str();
  emitCudaAssertFail(
      text(message), text(where.isValid() ? where.getFilename() : "?"),
      constantInt(l, b.getI32Type(), where.isValid() ? where.getLine() : 0),
      text(fn->getQualifiedNameAsString()), l);
}

mlir::Value FunctionEmitter::emitLibdeviceCall(llvm::StringRef name,
                                               mlir::Type result,
                                               llvm::ArrayRef<mlir::Value> args,
                                               mlir::Location l) {
  llvm::SmallVector<mlir::Type, 4> inputs;
  for (mlir::Value a : args)
    inputs.push_back(a.getType());
  mlir::func::FuncOp fn = module.getExternalFunction(
      name, b.getFunctionType(inputs, result ? mlir::TypeRange{result}
                                             : mlir::TypeRange{}));
  auto call = mlir::func::CallOp::create(b, l, fn, args);
  return result ? call.getResult(0) : mlir::Value();
}

} // namespace alloy
