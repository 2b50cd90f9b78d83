// Scalar and glvalue expressions.
#include "FunctionLowering.h"

#include "alloy/Dialect/Alloy/AlloyOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecordLayout.h"

using namespace clang;
namespace arith = mlir::arith;

namespace alloy {
namespace {

bool isSigned(QualType t) { return t->isSignedIntegerOrEnumerationType(); }

// The memory type of what a pointer points to; bytes for void.
mlir::Type pointeeType(TypeLowering &types, mlir::OpBuilder &b, QualType ptr) {
  QualType pointee = ptr->getPointeeType();
  if (pointee.isNull() || pointee->isVoidType() || pointee->isFunctionType())
    return b.getI8Type();
  return types.memoryType(pointee);
}

uint64_t pointeeSize(TypeLowering &types, QualType ptr) {
  QualType pointee = ptr->getPointeeType();
  if (pointee.isNull() || pointee->isVoidType())
    return 1;
  return types.sizeOf(pointee);
}

uint64_t pointeeAlign(TypeLowering &types, QualType ptr) {
  QualType pointee = ptr->getPointeeType();
  if (pointee.isNull() || pointee->isVoidType() || pointee->isIncompleteType())
    return 1;
  return types.alignOf(pointee);
}

// Does `e` name a variable whose value may be known at compile time?
bool namesNonLocalOrConstant(const Expr *e) {
  e = e->IgnoreParens();
  const ValueDecl *d = nullptr;
  if (const auto *dre = dyn_cast<DeclRefExpr>(e))
    d = dre->getDecl();
  else if (const auto *me = dyn_cast<MemberExpr>(e))
    d = me->getMemberDecl();
  const auto *vd = dyn_cast_or_null<VarDecl>(d);
  return vd && (vd->isConstexpr() || !vd->hasLocalStorage());
}

} // namespace

const Expr *skipTransparent(const Expr *e) {
  while (true) {
    if (const auto *pe = dyn_cast<ParenExpr>(e))
      e = pe->getSubExpr();
    else if (const auto *ewc = dyn_cast<ExprWithCleanups>(e))
      e = ewc->getSubExpr();
    else if (const auto *da = dyn_cast<CXXDefaultArgExpr>(e))
      e = da->getExpr();
    else if (const auto *di = dyn_cast<CXXDefaultInitExpr>(e))
      e = di->getExpr();
    else if (const auto *st = dyn_cast<SubstNonTypeTemplateParmExpr>(e))
      e = st->getReplacement();
    else
      return e;
  }
}

std::optional<mlir::Value> FunctionLowering::tryConstant(const Expr *e) {
  if (e->isValueDependent() || !e->isPRValue())
    return std::nullopt;
  QualType t = e->getType();
  mlir::Type vt = types.valueType(t);
  if (!vt || t->isPointerType() || t->isNullPtrType())
    return std::nullopt;
  Expr::EvalResult result;
  if (!e->EvaluateAsRValue(result, ast) || result.HasSideEffects)
    return std::nullopt;
  mlir::Location l = loc(e->getExprLoc());
  if (result.Val.isInt())
    return arith::ConstantOp::create(b, l, vt,
                                     b.getIntegerAttr(vt, result.Val.getInt()))
        .getResult();
  if (result.Val.isFloat())
    return arith::ConstantOp::create(b, l, vt,
                                     b.getFloatAttr(vt, result.Val.getFloat()))
        .getResult();
  return std::nullopt;
}

mlir::Value FunctionLowering::toBool(mlir::Value v, QualType from,
                                     mlir::Location l) {
  mlir::Type t = v.getType();
  if (t.isInteger(1))
    return v;
  if (isa<mlir::IntegerType>(t))
    return arith::CmpIOp::create(b, l, arith::CmpIPredicate::ne, v,
                                 constantInt(l, t, 0));
  if (auto ft = dyn_cast<mlir::FloatType>(t))
    return arith::CmpFOp::create(
        b, l, arith::CmpFPredicate::UNE, v,
        arith::ConstantOp::create(b, l, ft, b.getFloatAttr(ft, 0.0)));
  if (isa<PtrType>(t)) {
    mlir::Value i = PtrToIntOp::create(b, l, b.getI64Type(), v);
    return arith::CmpIOp::create(b, l, arith::CmpIPredicate::ne, i,
                                 constantInt(l, b.getI64Type(), 0));
  }
  return poison(b.getI1Type(), l);
}

mlir::Value FunctionLowering::convertScalar(mlir::Value v, QualType from,
                                            QualType to, mlir::Location l) {
  from = from.getCanonicalType().getUnqualifiedType();
  to = to.getCanonicalType().getUnqualifiedType();
  if (!v)
    return v;
  mlir::Type dst = types.valueType(to);
  if (!dst || v.getType() == dst)
    return v;
  if (to->isBooleanType())
    return toBool(v, from, l);
  mlir::Type src = v.getType();
  if (auto si = dyn_cast<mlir::IntegerType>(src)) {
    bool srcSigned = !from->isBooleanType() && isSigned(from);
    if (auto di = dyn_cast<mlir::IntegerType>(dst)) {
      if (di.getWidth() > si.getWidth())
        return srcSigned ? arith::ExtSIOp::create(b, l, dst, v).getResult()
                         : arith::ExtUIOp::create(b, l, dst, v).getResult();
      return arith::TruncIOp::create(b, l, dst, v);
    }
    if (isa<mlir::FloatType>(dst))
      return srcSigned ? arith::SIToFPOp::create(b, l, dst, v).getResult()
                       : arith::UIToFPOp::create(b, l, dst, v).getResult();
  }
  if (auto sf = dyn_cast<mlir::FloatType>(src)) {
    if (isa<mlir::IntegerType>(dst))
      return isSigned(to) ? arith::FPToSIOp::create(b, l, dst, v).getResult()
                          : arith::FPToUIOp::create(b, l, dst, v).getResult();
    if (auto df = dyn_cast<mlir::FloatType>(dst))
      return df.getWidth() > sf.getWidth()
                 ? arith::ExtFOp::create(b, l, dst, v).getResult()
                 : arith::TruncFOp::create(b, l, dst, v).getResult();
  }
  if (isa<PtrType>(src) && isa<mlir::IntegerType>(dst)) {
    mlir::Value i = PtrToIntOp::create(b, l, b.getI64Type(), v);
    return convertScalar(i, ast.UnsignedLongTy, to, l);
  }
  if (isa<mlir::IntegerType>(src) && isa<PtrType>(dst)) {
    mlir::Value i = convertScalar(v, from, ast.UnsignedLongTy, l);
    return IntToPtrOp::create(b, l, dst, i);
  }
  module.error(SourceLocation(), "internal: unsupported scalar conversion");
  return poison(dst, l);
}

mlir::Value FunctionLowering::emitCondition(const Expr *e) {
  mlir::Value v = emitScalar(e);
  return toBool(v, e->getType(), loc(e->getExprLoc()));
}

void FunctionLowering::emitIgnored(const Expr *e) {
  if (e->isGLValue()) {
    emitLValue(e);
    return;
  }
  if (types.isAggregate(e->getType())) {
    emitAggregateInto(e, createTemp(e->getType()));
    return;
  }
  emitScalar(e);
}

// Offset of the base subobject reached by a cast path.
static uint64_t baseOffset(ASTContext &ast, const CXXRecordDecl *derived,
                           const CastExpr *ce, bool &ok) {
  uint64_t offset = 0;
  for (const CXXBaseSpecifier *spec : ce->path()) {
    if (spec->isVirtual()) {
      ok = false;
      return 0;
    }
    const CXXRecordDecl *base = spec->getType()->getAsCXXRecordDecl();
    offset +=
        ast.getASTRecordLayout(derived).getBaseClassOffset(base).getQuantity();
    derived = base;
  }
  return offset;
}

static mlir::Value offsetPointer(mlir::OpBuilder &b, mlir::Location l,
                                 mlir::Value p, uint64_t offset) {
  if (!offset)
    return p;
  return MemberAddrOp::create(b, l, p, offset);
}

mlir::Value FunctionLowering::emitScalar(const Expr *e) {
  mlir::Value v = emitScalarImpl(e);
  if (!v && !e->getType()->isVoidType())
    if (mlir::Type vt = types.valueType(e->getType()))
      v = poison(vt, loc(e->getExprLoc())); // after an error
  return v;
}

mlir::Value FunctionLowering::emitScalarImpl(const Expr *e) {
  e = skipTransparent(e);
  mlir::Location l = loc(e->getExprLoc());
  QualType t = e->getType();
  mlir::Type vt = types.valueType(t);
  if (!vt && !t->isVoidType())
    return unsupported(e, "a value of type '" + t.getAsString() + "'");

  switch (e->getStmtClass()) {
  case Stmt::IntegerLiteralClass:
    return arith::ConstantOp::create(
        b, l, vt, b.getIntegerAttr(vt, cast<IntegerLiteral>(e)->getValue()));
  case Stmt::CharacterLiteralClass:
    return constantInt(l, vt, cast<CharacterLiteral>(e)->getValue());
  case Stmt::CXXBoolLiteralExprClass:
    return constantInt(l, vt, cast<CXXBoolLiteralExpr>(e)->getValue());
  case Stmt::FloatingLiteralClass:
    return arith::ConstantOp::create(
        b, l, vt, b.getFloatAttr(vt, cast<FloatingLiteral>(e)->getValue()));
  case Stmt::CXXNullPtrLiteralExprClass:
  case Stmt::GNUNullExprClass:
    return NullOp::create(b, l, vt);
  case Stmt::CXXThisExprClass:
    if (thisCapture) {
      Address a = memberAddress(selfAddress(), thisCapture);
      return LoadOp::create(b, l, types.pointerType(), a.ptr, a.align);
    }
    return thisPtr;
  case Stmt::ImplicitValueInitExprClass:
  case Stmt::CXXScalarValueInitExprClass:
    if (t->isVoidType())
      return {};
    if (isa<PtrType>(vt))
      return NullOp::create(b, l, vt);
    return poison(vt, l);
  case Stmt::ConstantExprClass:
  case Stmt::UnaryExprOrTypeTraitExprClass:
  case Stmt::TypeTraitExprClass:
  case Stmt::CXXNoexceptExprClass:
  case Stmt::SizeOfPackExprClass:
  case Stmt::DeclRefExprClass:
  case Stmt::MemberExprClass:
    if (auto c = tryConstant(e))
      return *c;
    if (const auto *ce = dyn_cast<ConstantExpr>(e))
      return emitScalar(ce->getSubExpr());
    if (const auto *dre = dyn_cast<DeclRefExpr>(e))
      if (isa<FunctionDecl>(dre->getDecl()))
        return unsupported(e, "a function pointer");
    return unsupported(e, "this expression");
  case Stmt::CallExprClass:
  case Stmt::CXXMemberCallExprClass:
  case Stmt::CXXOperatorCallExprClass:
  case Stmt::UserDefinedLiteralClass: {
    const auto *call = cast<CallExpr>(e);
    if (const FunctionDecl *callee = call->getDirectCallee())
      if (callee->isConstexpr() && !t->isVoidType())
        if (auto c = tryConstant(e))
          return *c;
    if (t->isReferenceType() || e->isGLValue())
      return emitLoad(emitLValue(e), t.getNonReferenceType());
    return emitCall(call);
  }
  case Stmt::ImplicitCastExprClass:
  case Stmt::CStyleCastExprClass:
  case Stmt::CXXStaticCastExprClass:
  case Stmt::CXXFunctionalCastExprClass:
  case Stmt::CXXConstCastExprClass:
  case Stmt::CXXReinterpretCastExprClass: {
    const auto *ce = cast<CastExpr>(e);
    const Expr *sub = ce->getSubExpr();
    QualType from = sub->getType();
    switch (ce->getCastKind()) {
    case CK_LValueToRValue:
      if (namesNonLocalOrConstant(sub))
        if (auto c = tryConstant(e))
          return *c;
      return emitLoad(emitLValue(sub), t);
    case CK_NoOp:
    case CK_UserDefinedConversion:
    case CK_ConstructorConversion:
    case CK_AtomicToNonAtomic:
    case CK_NonAtomicToAtomic:
      return emitScalar(sub);
    case CK_ToVoid:
      emitIgnored(sub);
      return {};
    case CK_IntegralCast:
    case CK_IntegralToBoolean:
    case CK_IntegralToFloating:
    case CK_FloatingToIntegral:
    case CK_FloatingCast:
    case CK_FloatingToBoolean:
    case CK_PointerToBoolean:
    case CK_PointerToIntegral:
    case CK_IntegralToPointer:
      return convertScalar(emitScalar(sub), from, t, l);
    case CK_BooleanToSignedIntegral: {
      mlir::Value v = emitScalar(sub);
      return arith::ExtSIOp::create(b, l, vt, v);
    }
    case CK_NullToPointer:
      return NullOp::create(b, l, vt);
    case CK_ArrayToPointerDecay:
      return emitLValue(sub).ptr;
    case CK_BitCast:
      return emitScalar(sub);
    case CK_DerivedToBase:
    case CK_UncheckedDerivedToBase: {
      bool ok = true;
      const CXXRecordDecl *derived =
          from->getPointeeType()->getAsCXXRecordDecl();
      uint64_t offset = baseOffset(ast, derived, ce, ok);
      if (!ok)
        return unsupported(e, "a conversion to a virtual base");
      mlir::Value p = emitScalar(sub);
      if (!offset)
        return p;
      if (ce->getCastKind() == CK_DerivedToBase) {
        // A null pointer stays null.
        mlir::Value isNull = arith::XOrIOp::create(
            b, l, toBool(p, from, l), constantInt(l, b.getI1Type(), 1));
        return arith::SelectOp::create(b, l, isNull, p,
                                       offsetPointer(b, l, p, offset));
      }
      return offsetPointer(b, l, p, offset);
    }
    case CK_FunctionToPointerDecay:
      return unsupported(e, "a function pointer");
    case CK_Dynamic:
      return unsupported(e, "dynamic_cast (RTTI is not available on the GPU)");
    default:
      return unsupported(e, llvm::Twine("the cast '") + ce->getCastKindName() +
                                "'");
    }
  }
  case Stmt::UnaryOperatorClass: {
    const auto *uo = cast<UnaryOperator>(e);
    const Expr *sub = uo->getSubExpr();
    switch (uo->getOpcode()) {
    case UO_Plus:
    case UO_Extension:
      return emitScalar(sub);
    case UO_Minus: {
      mlir::Value v = emitScalar(sub);
      if (isa<mlir::FloatType>(v.getType()))
        return arith::NegFOp::create(b, l, v);
      return arith::SubIOp::create(b, l, constantInt(l, v.getType(), 0), v);
    }
    case UO_Not: {
      mlir::Value v = emitScalar(sub);
      return arith::XOrIOp::create(b, l, v, constantInt(l, v.getType(), -1));
    }
    case UO_LNot: {
      mlir::Value v = emitCondition(sub);
      return arith::XOrIOp::create(b, l, v, constantInt(l, b.getI1Type(), 1));
    }
    case UO_AddrOf:
      return emitLValue(sub).ptr;
    case UO_PostInc:
    case UO_PostDec:
      return emitIncrement(uo).first;
    default:
      if (uo->isGLValue())
        return emitLoad(emitLValue(e), t);
      return unsupported(e, "this unary operator");
    }
  }
  case Stmt::BinaryOperatorClass:
  case Stmt::CompoundAssignOperatorClass: {
    const auto *bo = cast<BinaryOperator>(e);
    if (bo->isAssignmentOp())
      return emitLoad(emitLValue(e), t);
    BinaryOperatorKind op = bo->getOpcode();
    if (op == BO_Comma) {
      emitIgnored(bo->getLHS());
      return emitScalar(bo->getRHS());
    }
    if (op == BO_LAnd || op == BO_LOr) {
      mlir::Value lhs = emitCondition(bo->getLHS());
      mlir::Block *rhsBlock = newBlock();
      mlir::Block *merge = newBlock();
      mlir::Value result = merge->addArgument(b.getI1Type(), l);
      mlir::Value shortValue = constantInt(l, b.getI1Type(), op == BO_LOr);
      if (op == BO_LAnd)
        mlir::cf::CondBranchOp::create(b, l, lhs, rhsBlock, mlir::ValueRange{},
                                       merge, mlir::ValueRange{shortValue});
      else
        mlir::cf::CondBranchOp::create(b, l, lhs, merge,
                                       mlir::ValueRange{shortValue}, rhsBlock,
                                       mlir::ValueRange{});
      b.setInsertionPointToEnd(rhsBlock);
      mlir::Value rhs = emitCondition(bo->getRHS());
      mlir::cf::BranchOp::create(b, l, merge, mlir::ValueRange{rhs});
      b.setInsertionPointToEnd(merge);
      return result;
    }
    mlir::Value lhs = emitScalar(bo->getLHS());
    mlir::Value rhs = emitScalar(bo->getRHS());
    return emitBinaryOp(op, lhs, rhs, bo->getLHS()->getType(),
                        bo->getRHS()->getType(), t, l, e);
  }
  case Stmt::ConditionalOperatorClass: {
    const auto *co = cast<ConditionalOperator>(e);
    if (co->isGLValue())
      return emitLoad(emitLValue(e), t);
    mlir::Value cond = emitCondition(co->getCond());
    mlir::Block *thenBlock = newBlock(), *elseBlock = newBlock();
    mlir::Block *merge = newBlock();
    mlir::Value result;
    if (vt)
      result = merge->addArgument(vt, l);
    mlir::cf::CondBranchOp::create(b, l, cond, thenBlock, elseBlock);
    for (auto [block, arm] : {std::pair{thenBlock, co->getTrueExpr()},
                              std::pair{elseBlock, co->getFalseExpr()}}) {
      b.setInsertionPointToEnd(block);
      mlir::Value v = emitScalar(arm);
      if (!blockTerminated()) {
        if (vt)
          mlir::cf::BranchOp::create(b, l, merge, mlir::ValueRange{v});
        else
          mlir::cf::BranchOp::create(b, l, merge);
      }
    }
    b.setInsertionPointToEnd(merge);
    return result;
  }
  case Stmt::CXXThrowExprClass:
    return unsupported(e,
                       "a throw expression (exceptions cannot be used on "
                       "the GPU)",
                       vt);
  case Stmt::CXXNewExprClass:
  case Stmt::CXXDeleteExprClass:
    return unsupported(e, "new and delete (the GPU has no heap in Alloy)", vt);
  case Stmt::CXXTypeidExprClass:
    return unsupported(e, "typeid (RTTI is not available on the GPU)", vt);
  case Stmt::CXXDynamicCastExprClass:
    return unsupported(e, "dynamic_cast (RTTI is not available on the GPU)",
                       vt);
  default:
    break;
  }
  if (e->isGLValue())
    return emitLoad(emitLValue(e), t);
  return unsupported(
      e, llvm::Twine("a '") + e->getStmtClassName() + "' expression", vt);
}

std::pair<mlir::Value, Address>
FunctionLowering::emitIncrement(const UnaryOperator *uo) {
  mlir::Location l = loc(uo->getExprLoc());
  const Expr *sub = uo->getSubExpr();
  QualType st = sub->getType();
  Address a = emitLValue(sub);
  if (st->isBooleanType()) {
    unsupported(uo, "incrementing a bool");
    return {poison(b.getI1Type(), l), a};
  }
  mlir::Value old = emitLoad(a, st);
  int64_t delta = uo->isIncrementOp() ? 1 : -1;
  mlir::Value next;
  if (st->isPointerType())
    next = PtrAddOp::create(b, l, old, constantInt(l, b.getI64Type(), delta),
                            pointeeType(types, b, st));
  else if (auto ft = dyn_cast<mlir::FloatType>(old.getType()))
    next = arith::AddFOp::create(
        b, l, old,
        arith::ConstantOp::create(b, l, ft, b.getFloatAttr(ft, delta)));
  else
    next =
        arith::AddIOp::create(b, l, old, constantInt(l, old.getType(), delta));
  emitStore(next, a, st);
  return {old, a};
}

mlir::Value FunctionLowering::emitBinaryOp(BinaryOperatorKind op,
                                           mlir::Value lhs, mlir::Value rhs,
                                           QualType lt, QualType rt,
                                           QualType resultType,
                                           mlir::Location l, const Expr *e) {
  // Pointer arithmetic.
  if (lt->isPointerType() || rt->isPointerType()) {
    if (op == BO_Add || op == BO_Sub) {
      if (lt->isPointerType() && rt->isPointerType()) {
        mlir::Value a = PtrToIntOp::create(b, l, b.getI64Type(), lhs);
        mlir::Value c = PtrToIntOp::create(b, l, b.getI64Type(), rhs);
        mlir::Value diff = arith::SubIOp::create(b, l, a, c);
        uint64_t size = pointeeSize(types, lt);
        if (size > 1)
          diff = arith::DivSIOp::create(
              b, l, diff, constantInt(l, b.getI64Type(), int64_t(size)));
        return convertScalar(diff, ast.LongTy, resultType, l);
      }
      bool ptrLeft = lt->isPointerType();
      mlir::Value p = ptrLeft ? lhs : rhs;
      mlir::Value i = ptrLeft ? rhs : lhs;
      QualType it = ptrLeft ? rt : lt;
      i = convertScalar(i, it, ast.LongTy, l);
      if (op == BO_Sub)
        i = arith::SubIOp::create(b, l, constantInt(l, b.getI64Type(), 0), i);
      return PtrAddOp::create(b, l, p, i,
                              pointeeType(types, b, ptrLeft ? lt : rt));
    }
    if (BinaryOperator::isComparisonOp(op)) {
      lhs = convertScalar(lhs, lt, ast.UnsignedLongTy, l);
      rhs = convertScalar(rhs, rt, ast.UnsignedLongTy, l);
      lt = rt = ast.UnsignedLongTy;
    } else {
      return unsupported(e, "this pointer operation",
                         types.valueType(resultType));
    }
  }
  mlir::Type t = lhs.getType();
  bool isFloat = isa<mlir::FloatType>(t);
  bool sgn = !lt->isBooleanType() && isSigned(lt);
  if (op == BO_Shl || op == BO_Shr) {
    rhs = convertScalar(rhs, rt, lt, l);
    if (op == BO_Shl)
      return arith::ShLIOp::create(b, l, lhs, rhs);
    return sgn ? arith::ShRSIOp::create(b, l, lhs, rhs).getResult()
               : arith::ShRUIOp::create(b, l, lhs, rhs).getResult();
  }
  if (BinaryOperator::isComparisonOp(op) && op != BO_Cmp) {
    if (isFloat) {
      arith::CmpFPredicate p;
      switch (op) {
      case BO_LT:
        p = arith::CmpFPredicate::OLT;
        break;
      case BO_GT:
        p = arith::CmpFPredicate::OGT;
        break;
      case BO_LE:
        p = arith::CmpFPredicate::OLE;
        break;
      case BO_GE:
        p = arith::CmpFPredicate::OGE;
        break;
      case BO_EQ:
        p = arith::CmpFPredicate::OEQ;
        break;
      default:
        p = arith::CmpFPredicate::UNE;
        break;
      }
      return arith::CmpFOp::create(b, l, p, lhs, rhs);
    }
    arith::CmpIPredicate p;
    switch (op) {
    case BO_LT:
      p = sgn ? arith::CmpIPredicate::slt : arith::CmpIPredicate::ult;
      break;
    case BO_GT:
      p = sgn ? arith::CmpIPredicate::sgt : arith::CmpIPredicate::ugt;
      break;
    case BO_LE:
      p = sgn ? arith::CmpIPredicate::sle : arith::CmpIPredicate::ule;
      break;
    case BO_GE:
      p = sgn ? arith::CmpIPredicate::sge : arith::CmpIPredicate::uge;
      break;
    case BO_EQ:
      p = arith::CmpIPredicate::eq;
      break;
    default:
      p = arith::CmpIPredicate::ne;
      break;
    }
    return arith::CmpIOp::create(b, l, p, lhs, rhs);
  }
  switch (op) {
  case BO_Add:
    return isFloat ? arith::AddFOp::create(b, l, lhs, rhs).getResult()
                   : arith::AddIOp::create(b, l, lhs, rhs).getResult();
  case BO_Sub:
    return isFloat ? arith::SubFOp::create(b, l, lhs, rhs).getResult()
                   : arith::SubIOp::create(b, l, lhs, rhs).getResult();
  case BO_Mul:
    return isFloat ? arith::MulFOp::create(b, l, lhs, rhs).getResult()
                   : arith::MulIOp::create(b, l, lhs, rhs).getResult();
  case BO_Div:
    if (isFloat)
      return arith::DivFOp::create(b, l, lhs, rhs);
    return sgn ? arith::DivSIOp::create(b, l, lhs, rhs).getResult()
               : arith::DivUIOp::create(b, l, lhs, rhs).getResult();
  case BO_Rem:
    if (isFloat)
      return arith::RemFOp::create(b, l, lhs, rhs);
    return sgn ? arith::RemSIOp::create(b, l, lhs, rhs).getResult()
               : arith::RemUIOp::create(b, l, lhs, rhs).getResult();
  case BO_And:
    return arith::AndIOp::create(b, l, lhs, rhs);
  case BO_Or:
    return arith::OrIOp::create(b, l, lhs, rhs);
  case BO_Xor:
    return arith::XOrIOp::create(b, l, lhs, rhs);
  default:
    return unsupported(e, "this binary operator", types.valueType(resultType));
  }
}

Address FunctionLowering::emitLValue(const Expr *e) {
  e = skipTransparent(e);
  mlir::Location l = loc(e->getExprLoc());
  QualType t = e->getType();
  auto fallback = [&](const llvm::Twine &what) {
    unsupported(e, what);
    return createTemp(types.isScalar(t) || types.isAggregate(t) ? t
                                                                : ast.IntTy);
  };
  switch (e->getStmtClass()) {
  case Stmt::DeclRefExprClass: {
    const ValueDecl *d = cast<DeclRefExpr>(e)->getDecl();
    const auto *vd = dyn_cast<VarDecl>(d);
    if (!vd)
      return fallback("a reference to '" + d->getNameAsString() + "'");
    if (auto it = references.find(vd); it != references.end())
      return it->second;
    if (auto it = locals.find(vd); it != locals.end())
      return it->second;
    if (auto it = captures.find(vd); it != captures.end())
      return fieldLValue(selfAddress(), it->second);
    if (vd->isConstexpr() && types.isScalar(vd->getType())) {
      // A use of a constant's address: give it a local copy.
      if (auto c = tryConstant(vd->getInit())) {
        Address tmp = createTemp(vd->getType());
        emitStore(*c, tmp, vd->getType());
        return tmp;
      }
    }
    if (vd->getType().isConstQualified())
      return emitConstantVariable(vd, e->getExprLoc());
    if (vd->isStaticLocal())
      return fallback("the static local '" + vd->getName() +
                      "' (only constant ones are supported)");
    return fallback("the global variable '" + vd->getQualifiedNameAsString() +
                    "' (only constant globals are supported)");
  }
  case Stmt::MemberExprClass: {
    const auto *me = cast<MemberExpr>(e);
    const auto *field = dyn_cast<FieldDecl>(me->getMemberDecl());
    if (!field) {
      if (const auto *vd = dyn_cast<VarDecl>(me->getMemberDecl())) {
        if (vd->getType().isConstQualified())
          return emitConstantVariable(vd, e->getExprLoc());
        return fallback("the static member '" + vd->getQualifiedNameAsString() +
                        "' (only constant ones are supported)");
      }
      return fallback("this member access");
    }
    if (field->isBitField())
      return fallback("a bit-field");
    Address base;
    if (me->isArrow()) {
      QualType pt = me->getBase()->getType();
      base = Address{emitScalar(me->getBase()), pointeeAlign(types, pt)};
    } else {
      base = emitLValue(me->getBase());
    }
    return fieldLValue(base, field);
  }
  case Stmt::UnaryOperatorClass: {
    const auto *uo = cast<UnaryOperator>(e);
    const Expr *sub = uo->getSubExpr();
    switch (uo->getOpcode()) {
    case UO_Deref: {
      if (sub->getType()->isFunctionPointerType())
        return fallback("a function pointer");
      return Address{emitScalar(sub), pointeeAlign(types, sub->getType())};
    }
    case UO_PreInc:
    case UO_PreDec:
      return emitIncrement(uo).second;
    case UO_Extension:
      return emitLValue(sub);
    default:
      return fallback("this unary operator");
    }
  }
  case Stmt::ArraySubscriptExprClass: {
    const auto *ase = cast<ArraySubscriptExpr>(e);
    const Expr *base = ase->getBase();
    mlir::Value p = emitScalar(base);
    mlir::Value idx = convertScalar(emitScalar(ase->getIdx()),
                                    ase->getIdx()->getType(), ast.LongTy, l);
    mlir::Value q = PtrAddOp::create(b, l, p, idx, types.memoryType(t));
    return Address{q, types.alignOf(t)};
  }
  case Stmt::MaterializeTemporaryExprClass:
    return materialize(cast<MaterializeTemporaryExpr>(e)->getSubExpr());
  case Stmt::CompoundLiteralExprClass:
    return materialize(cast<CompoundLiteralExpr>(e)->getInitializer());
  case Stmt::ImplicitCastExprClass:
  case Stmt::CStyleCastExprClass:
  case Stmt::CXXStaticCastExprClass:
  case Stmt::CXXFunctionalCastExprClass:
  case Stmt::CXXConstCastExprClass:
  case Stmt::CXXReinterpretCastExprClass: {
    const auto *ce = cast<CastExpr>(e);
    if (!ce->isGLValue())
      break;
    const Expr *sub = ce->getSubExpr();
    switch (ce->getCastKind()) {
    case CK_NoOp:
    case CK_LValueBitCast:
      return emitLValue(sub);
    case CK_DerivedToBase:
    case CK_UncheckedDerivedToBase: {
      bool ok = true;
      const CXXRecordDecl *derived = sub->getType()->getAsCXXRecordDecl();
      uint64_t offset = baseOffset(ast, derived, ce, ok);
      if (!ok)
        return fallback("a conversion to a virtual base");
      Address a = emitLValue(sub);
      return Address{offsetPointer(b, l, a.ptr, offset), types.alignOf(t)};
    }
    default:
      return fallback(llvm::Twine("the cast '") + ce->getCastKindName() + "'");
    }
  }
  case Stmt::BinaryOperatorClass:
  case Stmt::CompoundAssignOperatorClass: {
    const auto *bo = cast<BinaryOperator>(e);
    if (bo->getOpcode() == BO_Comma) {
      emitIgnored(bo->getLHS());
      return emitLValue(bo->getRHS());
    }
    if (!bo->isAssignmentOp())
      break;
    QualType lt = bo->getLHS()->getType();
    if (!types.isScalar(lt))
      return fallback("assignment to a '" + lt.getAsString() + "'");
    // C++17: the right operand is sequenced before the left.
    mlir::Value rhs = emitScalar(bo->getRHS());
    Address a = emitLValue(bo->getLHS());
    if (bo->getOpcode() == BO_Assign) {
      emitStore(rhs, a, lt);
      return a;
    }
    const auto *cao = cast<CompoundAssignOperator>(bo);
    QualType ct = cao->getComputationLHSType();
    mlir::Value old = emitLoad(a, lt);
    BinaryOperatorKind op =
        BinaryOperator::getOpForCompoundAssignment(bo->getOpcode());
    mlir::Value result;
    if (lt->isPointerType()) {
      result =
          emitBinaryOp(op, old, rhs, lt, bo->getRHS()->getType(), lt, l, e);
    } else {
      mlir::Value lhsC = convertScalar(old, lt, ct, l);
      QualType rt = bo->getRHS()->getType();
      mlir::Value rhsC =
          (op == BO_Shl || op == BO_Shr) ? rhs : convertScalar(rhs, rt, ct, l);
      result = emitBinaryOp(op, lhsC, rhsC, ct,
                            (op == BO_Shl || op == BO_Shr) ? rt : ct,
                            cao->getComputationResultType(), l, e);
      result = convertScalar(result, cao->getComputationResultType(), lt, l);
    }
    emitStore(result, a, lt);
    return a;
  }
  case Stmt::ConditionalOperatorClass: {
    const auto *co = cast<ConditionalOperator>(e);
    mlir::Value cond = emitCondition(co->getCond());
    mlir::Block *thenBlock = newBlock(), *elseBlock = newBlock();
    mlir::Block *merge = newBlock();
    mlir::Value result = merge->addArgument(types.pointerType(), l);
    mlir::cf::CondBranchOp::create(b, l, cond, thenBlock, elseBlock);
    uint64_t align = types.alignOf(t);
    for (auto [block, arm] : {std::pair{thenBlock, co->getTrueExpr()},
                              std::pair{elseBlock, co->getFalseExpr()}}) {
      b.setInsertionPointToEnd(block);
      Address a = emitLValue(arm);
      align = std::min(align, a.align);
      if (!blockTerminated())
        mlir::cf::BranchOp::create(b, l, merge, mlir::ValueRange{a.ptr});
    }
    b.setInsertionPointToEnd(merge);
    return Address{result, align};
  }
  case Stmt::CallExprClass:
  case Stmt::CXXMemberCallExprClass:
  case Stmt::CXXOperatorCallExprClass: {
    const auto *call = cast<CallExpr>(e);
    if (call->getCallReturnType(ast)->isReferenceType())
      return Address{emitCall(call), types.alignOf(t)};
    break;
  }
  case Stmt::StringLiteralClass:
    return emitStringLiteral(cast<StringLiteral>(e));
  case Stmt::PredefinedExprClass:
    if (const StringLiteral *name = cast<PredefinedExpr>(e)->getFunctionName())
      return emitStringLiteral(name);
    return fallback("this predefined name");
  case Stmt::CXXTypeidExprClass:
    return fallback("typeid (RTTI is not available on the GPU)");
  default:
    break;
  }
  if (e->isPRValue())
    return materialize(e);
  return fallback(llvm::Twine("a '") + e->getStmtClassName() +
                  "' expression as an lvalue");
}

} // namespace alloy
