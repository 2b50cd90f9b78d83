// Glvalues: where an object is. One visitor method per AST node; bit-fields
// are an LValue with the field's place in its storage unit.
#include "Basic/ASTUtils.h"
#include "Basic/ConstantBytes.h"
#include "Basic/InternalError.h"
#include "Basic/StmtKinds.h"
#include "FunctionEmitter.h"

#include "alloy/Dialect/Alloy/AlloyOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/StmtVisitor.h"

using namespace clang;
namespace arith = mlir::arith;

namespace alloy {
namespace {

uint64_t pointeeAlign(TypeLowering &types, QualType ptr) {
  QualType pointee = ptr->getPointeeType();
  if (pointee.isNull() || pointee->isVoidType() || pointee->isIncompleteType())
    return 1;
  return types.alignOf(pointee);
}

class LValueEmitter : public ConstStmtVisitor<LValueEmitter, LValue> {
public:
  explicit LValueEmitter(FunctionEmitter &fe)
      : fe(fe), b(fe.b), ast(fe.ast), types(fe.types) {}

  LValue lvalue(const Expr *e) { return fe.emitLValue(e); }
  Address address(const Expr *e) { return fe.emitAddress(e); }
  LValue at(Address a) { return LValue::of(a); }

  // A prvalue used where an object is needed: a temporary.
  LValue VisitStmt(const Stmt *s) {
    const auto *e = cast<Expr>(s);
    ALLOY_CHECK(e->isPRValue() && "Sema/DeviceCodeChecker rejects this node");
    return at(fe.emitMaterialized(e));
  }

  LValue VisitDeclRefExpr(const DeclRefExpr *e);
  LValue VisitMemberExpr(const MemberExpr *e);
  LValue VisitArraySubscriptExpr(const ArraySubscriptExpr *e) {
    QualType t = e->getType();
    mlir::Location l = fe.loc(e->getExprLoc());
    mlir::Value p = fe.emitScalarExpr(e->getBase());
    const Expr *idx = e->getIdx();
    mlir::Value i = fe.emitScalarConversion(
        fe.emitScalarExpr(idx), idx->getType(),
        idx->getType()->isSignedIntegerOrEnumerationType() ? ast.LongTy
                                                           : ast.UnsignedLongTy,
        l);
    mlir::Value q = PtrAddOp::create(b, l, p, i, types.memoryType(t));
    return at(Address{q, types.alignOf(t)});
  }
  LValue VisitUnaryDeref(const UnaryOperator *e) {
    const Expr *sub = e->getSubExpr();
    return at(Address{fe.emitScalarExpr(sub),
                      pointeeAlign(types, sub->getType())});
  }
  LValue VisitUnaryPreInc(const UnaryOperator *e) { return emitPreIncDec(e); }
  LValue VisitUnaryPreDec(const UnaryOperator *e) { return emitPreIncDec(e); }
  LValue VisitUnaryExtension(const UnaryOperator *e) {
    return lvalue(e->getSubExpr());
  }
  LValue VisitStringLiteral(const StringLiteral *e) {
    return at(fe.emitStringLiteral(e));
  }
  LValue VisitPredefinedExpr(const PredefinedExpr *e) {
    return at(fe.emitStringLiteral(e->getFunctionName()));
  }
  LValue VisitCompoundLiteralExpr(const CompoundLiteralExpr *e) {
    return at(fe.emitMaterialized(e->getInitializer()));
  }
  LValue VisitMaterializeTemporaryExpr(const MaterializeTemporaryExpr *e);
  LValue VisitOpaqueValueExpr(const OpaqueValueExpr *e) {
    auto it = fe.opaqueLValues.find(e);
    ALLOY_CHECK(it != fe.opaqueLValues.end() && "bound by its owner");
    return it->second;
  }
  LValue VisitExprWithCleanups(const ExprWithCleanups *e) {
    // The cleanups of a full-expression that is an lvalue run at its end.
    FunctionEmitter::CleanupScope scope(fe);
    return lvalue(e->getSubExpr());
  }
  LValue VisitInitListExpr(const InitListExpr *e) {
    if (e->getNumInits() == 1 && e->getInit(0)->isGLValue())
      return lvalue(e->getInit(0));
    return at(fe.emitMaterialized(e));
  }
  LValue VisitCastExpr(const CastExpr *e);
  LValue VisitBinaryOperator(const BinaryOperator *e);
  LValue VisitCompoundAssignOperator(const CompoundAssignOperator *e);
  LValue VisitConditionalOperator(const ConditionalOperator *e) {
    return emitConditional(e->getCond(), e->getTrueExpr(), e->getFalseExpr(),
                           e->getType());
  }
  LValue VisitBinaryConditionalOperator(const BinaryConditionalOperator *e) {
    fe.opaqueLValues[e->getOpaqueValue()] = lvalue(e->getCommon());
    return emitConditional(e->getCond(), e->getTrueExpr(), e->getFalseExpr(),
                           e->getType());
  }
  LValue VisitCallExpr(const CallExpr *e) {
    if (e->isGLValue())
      return at(Address{fe.emitCallExpr(e), types.alignOf(e->getType())});
    return at(fe.emitMaterialized(e));
  }
  LValue VisitCXXRewrittenBinaryOperator(const CXXRewrittenBinaryOperator *e) {
    return lvalue(e->getSemanticForm());
  }
  LValue VisitStmtExpr(const StmtExpr *e) {
    if (e->isGLValue()) {
      const CompoundStmt *body = e->getSubStmt();
      for (const Stmt *s : body->body())
        if (s != body->body_back())
          fe.emitStmt(s);
      return lvalue(cast<Expr>(body->body_back()));
    }
    return at(fe.emitMaterialized(e));
  }

private:
  // A variable `e` names that is not the function's own: a device global,
  // or a constant.
  LValue staticVariable(const VarDecl *vd, const Expr *e) {
    if (deviceGlobalKind(vd) != DeviceGlobal::none)
      return at(fe.emitDeviceGlobal(vd, fe.loc(e->getExprLoc())));
    if (std::optional<APValue> v = foldScalar(e, ast)) {
      // The address of a constant scalar: a local copy.
      Address tmp = fe.createTemp(vd->getType());
      fe.emitStore(fe.emitConstant(*v, e->getType(), fe.loc(e->getExprLoc())),
                   tmp, vd->getType());
      return at(tmp);
    }
    return at(fe.emitConstantVariable(vd));
  }
  LValue emitPreIncDec(const UnaryOperator *e) {
    // The new value is stored; ++x is the lvalue x.
    LValue lv = lvalue(e->getSubExpr());
    fe.emitIncDecAndStore(e, lv);
    return lv;
  }
  LValue emitConditional(const Expr *cond, const Expr *t, const Expr *f,
                         QualType type) {
    uint64_t align = types.alignOf(type);
    mlir::Value p = fe.emitConditional(
        cond, t, f, types.pointerType(), [&](const Expr *arm) {
          Address a = address(arm);
          align = std::min(align, a.align);
          return a.ptr;
        });
    return at(Address{p, align});
  }

  FunctionEmitter &fe;
  mlir::OpBuilder &b;
  ASTContext &ast;
  TypeLowering &types;
};

#define ALLOY_VISITOR LValueEmitter
#include "Basic/EmitterVisitsLowered.inc"

LValue LValueEmitter::VisitDeclRefExpr(const DeclRefExpr *e) {
  const ValueDecl *d = e->getDecl();
  // In a lambda: a captured variable or structured binding.
  if (auto it = fe.captures.find(d); it != fe.captures.end())
    return fe.fieldLValue(fe.selfAddress(), it->second);
  if (const auto *binding = dyn_cast<BindingDecl>(d)) {
    if (const VarDecl *holding = binding->getHoldingVar()) {
      Address a = fe.references.lookup(holding);
      ALLOY_CHECK(a);
      return at(a);
    }
    return lvalue(binding->getBinding());
  }
  if (const auto *tpo = dyn_cast<TemplateParamObjectDecl>(d)) {
    std::optional<std::string> bytes =
        constantBytes(ast, tpo->getValue(), tpo->getType());
    return at(fe.emitConstantData(*bytes, types.alignOf(tpo->getType()),
                                  fe.loc(e->getExprLoc())));
  }
  const auto *vd = cast<VarDecl>(d);
  if (auto it = fe.references.find(vd); it != fe.references.end())
    return at(it->second);
  if (auto it = fe.locals.find(vd); it != fe.locals.end())
    return at(it->second);
  if (isDynamicSharedVariable(vd)) {
    // extern __shared__ T name[]: the launch's dynamic shared memory, 16-byte
    // aligned (or the declaration's alignment, up to that).
    mlir::Location l = fe.loc(e->getExprLoc());
    mlir::Value base = DynamicSharedBaseOp::create(b, l);
    uint64_t align = std::min<uint64_t>(
        16, std::max<uint64_t>(ast.getDeclAlign(vd).getQuantity(),
                               types.alignOf(ast.getBaseElementType(
                                   vd->getType()))));
    return at(Address{AddrSpaceCastOp::create(b, l, types.pointerType(), base),
                      align});
  }
  return staticVariable(vd, e);
}

LValue LValueEmitter::VisitMemberExpr(const MemberExpr *e) {
  const ValueDecl *member = e->getMemberDecl();
  if (const auto *vd = dyn_cast<VarDecl>(member)) {
    fe.emitIgnoredExpr(e->getBase());
    return staticVariable(vd, e);
  }
  const auto *field = cast<FieldDecl>(member);
  Address base;
  if (e->isArrow()) {
    QualType pt = e->getBase()->getType();
    base = Address{fe.emitScalarExpr(e->getBase()), pointeeAlign(types, pt)};
  } else {
    base = address(e->getBase());
  }
  return fe.fieldLValue(base, field);
}

LValue
LValueEmitter::VisitMaterializeTemporaryExpr(const MaterializeTemporaryExpr *e) {
  const Expr *sub = e->getSubExpr();
  if (sub->isGLValue())
    return lvalue(sub);
  // A temporary bound to a local reference lives as long as the reference.
  const auto *owner = dyn_cast_or_null<VarDecl>(e->getExtendingDecl());
  const VarDecl *saved = fe.extendingDecl;
  if (owner && owner->hasLocalStorage())
    fe.extendingDecl = owner;
  Address tmp = fe.emitTemporary(sub);
  fe.extendingDecl = saved;
  return at(tmp);
}

LValue LValueEmitter::VisitCastExpr(const CastExpr *e) {
  const Expr *sub = e->getSubExpr();
  switch (e->getCastKind()) {
  case CK_NoOp:
  case CK_LValueBitCast:
  case CK_UserDefinedConversion:
  case CK_ConstructorConversion:
    if (e->isGLValue())
      return lvalue(sub);
    return at(fe.emitMaterialized(e));
  case CK_DerivedToBase:
  case CK_UncheckedDerivedToBase:
  case CK_BaseToDerived: {
    if (!sub->isGLValue())
      return at(fe.emitMaterialized(e));
    bool down = e->getCastKind() == CK_BaseToDerived;
    const CXXRecordDecl *derived =
        (down ? e->getType() : sub->getType())->getAsCXXRecordDecl();
    uint64_t offset = 0;
    for (const CXXBaseSpecifier *spec : e->path()) {
      const CXXRecordDecl *base = spec->getType()->getAsCXXRecordDecl();
      offset += ast.getASTRecordLayout(derived)
                    .getBaseClassOffset(base)
                    .getQuantity();
      derived = base;
    }
    Address a = address(sub);
    mlir::Location l = fe.loc(e->getExprLoc());
    mlir::Value p = a.ptr;
    if (offset)
      p = PtrAddOp::create(
          b, l, p,
          fe.constantInt(l, b.getI64Type(), down ? -int64_t(offset) : offset),
          b.getI8Type());
    return at(Address{p, types.alignOf(e->getType())});
  }
  default:
    // Casts that make prvalues: a temporary holds the value.
    ALLOY_CHECK(e->isPRValue() && "the glvalue casts are above");
    return at(fe.emitMaterialized(e));
  }
}

LValue LValueEmitter::VisitBinaryOperator(const BinaryOperator *e) {
  switch (e->getOpcode()) {
  case BO_Comma:
    fe.emitIgnoredExpr(e->getLHS());
    return lvalue(e->getRHS());
  case BO_Assign: {
    QualType t = e->getLHS()->getType();
    if (types.isAggregate(t)) {
      // A trivial copy of a class or array (a non-trivial one is a call).
      Address src = fe.emitMaterialized(e->getRHS());
      Address dest = address(e->getLHS());
      fe.emitCopy(dest, src, t);
      return at(dest);
    }
    // C++17: the right operand is sequenced before the left.
    mlir::Value rhs = fe.emitScalarExpr(e->getRHS());
    LValue lv = lvalue(e->getLHS());
    fe.emitStoreToLValue(rhs, lv, t);
    return lv;
  }
  case BO_PtrMemD:
  case BO_PtrMemI: {
    // obj.*pm, p->*pm: the object's address plus the member's offset.
    Address base = e->getOpcode() == BO_PtrMemI
                       ? Address{fe.emitScalarExpr(e->getLHS()),
                                 pointeeAlign(types, e->getLHS()->getType())}
                       : address(e->getLHS());
    mlir::Value offset = fe.emitScalarExpr(e->getRHS());
    mlir::Value p = PtrAddOp::create(b, fe.loc(e->getExprLoc()), base.ptr,
                                     offset, b.getI8Type());
    return at(Address{p, std::min(base.align, types.alignOf(e->getType()))});
  }
  default:
    return at(fe.emitMaterialized(e));
  }
}

LValue
LValueEmitter::VisitCompoundAssignOperator(const CompoundAssignOperator *e) {
  mlir::Location l = fe.loc(e->getExprLoc());
  QualType lt = e->getLHS()->getType();
  QualType rt = e->getRHS()->getType();
  BinaryOperatorKind op =
      BinaryOperator::getOpForCompoundAssignment(e->getOpcode());
  mlir::Value rhs = fe.emitScalarExpr(e->getRHS());
  LValue lv = lvalue(e->getLHS());
  mlir::Value old = fe.emitLoadOfLValue(lv, lt);
  mlir::Value result;
  if (lt->isPointerType()) {
    result = fe.emitBinaryOperation(op, old, rhs, lt, rt, lt, l);
  } else {
    // `lhs = lhs op rhs` in the computation type (float for _Float16).
    QualType work = e->getComputationLHSType();
    if (auto promoted = excessPrecisionType(work, ast))
      work = *promoted;
    bool shift = op == BO_Shl || op == BO_Shr;
    mlir::Value lhsC = fe.emitScalarConversion(old, lt, work, l);
    mlir::Value rhsC = shift ? rhs : fe.emitScalarConversion(rhs, rt, work, l);
    result = fe.emitBinaryOperation(op, lhsC, rhsC, work, shift ? rt : work,
                                    work, l);
    result = fe.emitScalarConversion(result, work, lt, l);
  }
  fe.emitStoreToLValue(result, lv, lt);
  return lv;
}

} // namespace

mlir::Value FunctionEmitter::emitIncDecAndStore(const UnaryOperator *e,
                                                const LValue &lv) {
  mlir::Location l = loc(e->getExprLoc());
  QualType t = e->getSubExpr()->getType();
  mlir::Value old = emitLoadOfLValue(lv, t);
  int64_t delta = e->isIncrementOp() ? 1 : -1;
  mlir::Value next;
  if (t->isBooleanType()) {
    next = constantInt(l, b.getI1Type(), 1); // C++17 removed bool--
  } else if (t->isPointerType()) {
    QualType pointee = t->getPointeeType();
    next = PtrAddOp::create(b, l, old, constantInt(l, b.getI64Type(), delta),
                            pointee->isVoidType() ? b.getI8Type()
                                                  : types.memoryType(pointee));
  } else if (auto promoted = excessPrecisionType(t, ast)) {
    mlir::Value wide = emitScalarConversion(old, t, *promoted, l);
    mlir::Value sum = arith::AddFOp::create(
        b, l, wide, constantFloat(l, wide.getType(), double(delta)));
    next = emitScalarConversion(sum, *promoted, t, l);
  } else if (isa<mlir::FloatType>(old.getType())) {
    next = arith::AddFOp::create(
        b, l, old, constantFloat(l, old.getType(), double(delta)));
  } else {
    next =
        arith::AddIOp::create(b, l, old, constantInt(l, old.getType(), delta),
                              t->isSignedIntegerOrEnumerationType()
                                  ? arith::IntegerOverflowFlags::nsw
                                  : arith::IntegerOverflowFlags::none);
  }
  emitStoreToLValue(next, lv, t);
  return old;
}

LValue FunctionEmitter::emitLValue(const Expr *e) {
  return LValueEmitter(*this).Visit(skipTransparent(e));
}

Address FunctionEmitter::emitAddress(const Expr *e) {
  LValue lv = emitLValue(e);
  ALLOY_CHECK(!lv.isBitField() && "a bit-field has no address");
  return lv.addr;
}

Address FunctionEmitter::emitMaterialized(const Expr *e) {
  e = skipTransparent(e);
  if (e->isGLValue())
    return emitAddress(e);
  return emitTemporary(e);
}

Address FunctionEmitter::emitTemporary(const Expr *e) {
  QualType t = e->getType();
  Address tmp = createTemp(t);
  if (types.isAggregate(t))
    emitAggregateExpr(e, tmp, /*isTemporary=*/true);
  else
    emitInit(e, tmp, t);
  return tmp;
}

// --- Bit-fields -------------------------------------------------------------

LValue FunctionEmitter::fieldLValue(Address base, const FieldDecl *field) {
  QualType t = field->getType();
  if (!field->isBitField()) {
    Address a = memberAddress(base, field);
    if (!t->isReferenceType())
      return LValue::of(a);
    // A reference member holds the address of what it refers to.
    mlir::Value p = LoadOp::create(b, b.getUnknownLoc(), types.pointerType(),
                                   a.ptr, a.align);
    return LValue::of(Address{p, types.alignOf(t.getNonReferenceType())});
  }
  // The field's bits, in a storage unit: the declared type's aligned unit
  // when it overlaps no other member, else the bytes the field covers.
  const RecordDecl *rd = field->getParent();
  const ASTRecordLayout &layout = ast.getASTRecordLayout(rd);
  uint64_t bitOffset = layout.getFieldOffset(field->getFieldIndex());
  unsigned width = field->getBitWidthValue();
  uint64_t unitBytes = types.sizeOf(t);
  uint64_t unitStart = bitOffset / 8 / unitBytes * unitBytes;
  bool unitIsOurs = unitStart + unitBytes <= layout.getSize().getQuantity();
  for (const FieldDecl *other : rd->fields()) {
    if (other->isBitField() || other->isZeroSize(ast))
      continue;
    uint64_t start =
        ast.toCharUnitsFromBits(layout.getFieldOffset(other->getFieldIndex()))
            .getQuantity();
    uint64_t end = start + types.sizeOf(other->getType());
    if (start < unitStart + unitBytes && unitStart < end)
      unitIsOurs = false;
  }
  if (!unitIsOurs) {
    unitStart = bitOffset / 8;
    unitBytes = (bitOffset + width + 7) / 8 - unitStart;
  }
  // `base` is the start of the record.
  mlir::Value p = base.ptr;
  if (unitStart)
    p = MemberAddrOp::create(b, b.getUnknownLoc(), p, unitStart);
  uint64_t align =
      unitIsOurs
          ? std::min(unitBytes, uint64_t(1) << llvm::countr_zero(
                                    unitStart | base.align | unitBytes))
          : 1;
  LValue lv;
  lv.addr = Address{p, align ? align : 1};
  lv.bitField = field;
  lv.unitBits = unsigned(unitBytes * 8);
  lv.bitOffset = unsigned(bitOffset - unitStart * 8);
  lv.bitWidth = width;
  return lv;
}

mlir::Value FunctionEmitter::emitLoadOfLValue(const LValue &lv, QualType t) {
  if (!lv.isBitField())
    return emitLoad(lv.addr, t);
  mlir::Location l = b.getUnknownLoc();
  mlir::Type unitType = b.getIntegerType(lv.unitBits);
  mlir::Value unit =
      LoadOp::create(b, l, unitType, lv.addr.ptr, lv.addr.align);
  if (t.isVolatileQualified())
    unit.getDefiningOp<LoadOp>().setIsVolatile(true);
  // Move the field to the top, then shift it down (arithmetically when
  // signed) to the bottom.
  unsigned high = lv.unitBits - lv.bitOffset - lv.bitWidth;
  if (high)
    unit = arith::ShLIOp::create(b, l, unit, constantInt(l, unitType, high));
  unsigned down = lv.unitBits - lv.bitWidth;
  bool sgn = t->isSignedIntegerOrEnumerationType() && !t->isBooleanType();
  if (down)
    unit = sgn ? arith::ShRSIOp::create(b, l, unit,
                                        constantInt(l, unitType, down))
                     .getResult()
               : arith::ShRUIOp::create(b, l, unit,
                                        constantInt(l, unitType, down))
                     .getResult();
  mlir::Type vt = valueType(t);
  unsigned vw = vt.getIntOrFloatBitWidth();
  if (vw < lv.unitBits)
    return arith::TruncIOp::create(b, l, vt, unit);
  if (vw > lv.unitBits)
    return sgn ? arith::ExtSIOp::create(b, l, vt, unit).getResult()
               : arith::ExtUIOp::create(b, l, vt, unit).getResult();
  return unit;
}

mlir::Value FunctionEmitter::emitStoreToLValue(mlir::Value v, const LValue &lv,
                                               QualType t) {
  if (!lv.isBitField()) {
    emitStore(v, lv.addr, t);
    return v;
  }
  mlir::Location l = b.getUnknownLoc();
  mlir::Type unitType = b.getIntegerType(lv.unitBits);
  unsigned vw = v.getType().getIntOrFloatBitWidth();
  mlir::Value bits = v;
  if (vw < lv.unitBits)
    bits = arith::ExtUIOp::create(b, l, unitType, v);
  else if (vw > lv.unitBits)
    bits = arith::TruncIOp::create(b, l, unitType, v);
  llvm::APInt fieldMask =
      llvm::APInt::getBitsSet(lv.unitBits, lv.bitOffset,
                              lv.bitOffset + lv.bitWidth);
  llvm::APInt lowMask = llvm::APInt::getLowBitsSet(lv.unitBits, lv.bitWidth);
  auto constant = [&](const llvm::APInt &value) -> mlir::Value {
    return arith::ConstantOp::create(b, l, unitType,
                                     b.getIntegerAttr(unitType, value));
  };
  bits = arith::AndIOp::create(b, l, bits, constant(lowMask));
  if (lv.bitOffset)
    bits = arith::ShLIOp::create(b, l, bits,
                                 constantInt(l, unitType, lv.bitOffset));
  auto load = LoadOp::create(b, l, unitType, lv.addr.ptr, lv.addr.align);
  mlir::Value kept =
      arith::AndIOp::create(b, l, load, constant(~fieldMask));
  mlir::Value merged = arith::OrIOp::create(b, l, kept, bits);
  auto store = StoreOp::create(b, l, merged, lv.addr.ptr, lv.addr.align);
  if (t.isVolatileQualified()) {
    load.setIsVolatile(true);
    store.setIsVolatile(true);
  }
  // The value the field now holds (truncated, sign-extended if signed).
  return emitLoadOfLValue(lv, t);
}

} // namespace alloy
