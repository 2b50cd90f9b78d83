// Class and array objects, built in place at a destination address: one
// visitor method per AST node.
#include "Basic/ASTUtils.h"
#include "Basic/ConstantBytes.h"
#include "Basic/InternalError.h"
#include "Basic/StmtKinds.h"
#include "FunctionEmitter.h"

#include "alloy/Dialect/Alloy/AlloyOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ComparisonCategories.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/StmtVisitor.h"

using namespace clang;
namespace arith = mlir::arith;

namespace alloy {
namespace {

class AggregateEmitter : public ConstStmtVisitor<AggregateEmitter> {
public:
  AggregateEmitter(FunctionEmitter &fe, Address dest, bool isTemporary)
      : fe(fe), b(fe.b), ast(fe.ast), types(fe.types), dest(dest),
        isTemporary(isTemporary) {}

  // The same destination, built by another node.
  void emit(const Expr *e) { fe.emitAggregateExpr(e, dest, isTemporary); }
  void copyFrom(const Expr *glvalue) {
    fe.emitCopy(dest, fe.emitAddress(glvalue), glvalue->getType());
  }

  // A glvalue used as a prvalue: copy the object.
  void VisitStmt(const Stmt *s) {
    const auto *e = cast<Expr>(s);
    ALLOY_CHECK(e->isGLValue() && "Sema/DeviceCodeChecker rejects this node");
    copyFrom(e);
  }

  // char s[8] = "abc": the literal, padded with zeros to the array.
  void VisitStringLiteral(const StringLiteral *e) {
    fe.emitCopy(dest, fe.emitStringLiteral(e), e->getType());
  }
  void VisitConstantExpr(const ConstantExpr *e) {
    if (e->hasAPValueResult()) {
      if (std::optional<std::string> bytes =
              constantBytes(ast, e->getAPValueResult(), e->getType())) {
        Address src = fe.emitConstantData(*bytes, types.alignOf(e->getType()),
                                          fe.loc(e->getExprLoc()));
        fe.emitCopy(dest, src, e->getType());
        return;
      }
    }
    emit(e->getSubExpr());
  }
  void VisitExprWithCleanups(const ExprWithCleanups *e) {
    FunctionEmitter::CleanupScope scope(fe);
    emit(e->getSubExpr());
  }
  void VisitCXXBindTemporaryExpr(const CXXBindTemporaryExpr *e) {
    emit(e->getSubExpr());
    // A temporary dies at the end of its full-expression (or with the
    // reference bound to it); a variable or return slot is its owner's.
    if (isTemporary)
      fe.pushDestroy(dest, e->getType());
  }
  void VisitImplicitValueInitExpr(const ImplicitValueInitExpr *e) {
    fe.emitZeroInit(dest, e->getType());
  }
  void VisitCXXScalarValueInitExpr(const CXXScalarValueInitExpr *e) {
    fe.emitZeroInit(dest, e->getType());
  }
  void VisitNoInitExpr(const NoInitExpr *) {}
  void VisitCXXConstructExpr(const CXXConstructExpr *e) {
    fe.emitConstructExpr(e, dest);
  }
  void VisitCXXInheritedCtorInitExpr(const CXXInheritedCtorInitExpr *e);
  void VisitCallExpr(const CallExpr *e) {
    if (e->isGLValue())
      return copyFrom(e);
    fe.emitCallExpr(e, dest);
  }
  void VisitCastExpr(const CastExpr *e);
  void VisitBuiltinBitCastExpr(const BuiltinBitCastExpr *e) {
    Address src = fe.emitMaterialized(e->getSubExpr());
    fe.emitCopy(dest, src, e->getType());
  }
  void VisitBinaryOperator(const BinaryOperator *e);
  void VisitConditionalOperator(const ConditionalOperator *e) {
    if (e->isGLValue())
      return copyFrom(e);
    fe.emitConditional(e->getCond(), e->getTrueExpr(), e->getFalseExpr(), {},
                       [&](const Expr *arm) {
                         emit(arm);
                         return mlir::Value();
                       });
  }
  void VisitBinaryConditionalOperator(const BinaryConditionalOperator *e) {
    if (e->isGLValue())
      return copyFrom(e);
    fe.opaqueLValues[e->getOpaqueValue()] =
        LValue::of(fe.emitMaterialized(e->getCommon()));
    fe.emitConditional(e->getCond(), e->getTrueExpr(), e->getFalseExpr(), {},
                       [&](const Expr *arm) {
                         emit(arm);
                         return mlir::Value();
                       });
  }
  void VisitOpaqueValueExpr(const OpaqueValueExpr *e) {
    auto it = fe.opaqueLValues.find(e);
    ALLOY_CHECK(it != fe.opaqueLValues.end() && "bound by its owner");
    fe.emitCopy(dest, it->second.addr, e->getType());
  }
  void VisitInitListExpr(const InitListExpr *e) {
    if (e->isTransparent())
      return emit(e->getInit(0));
    emitInitList(e->getType(), e->inits(), e->getArrayFiller(),
                 e->getInitializedFieldInUnion(), e);
  }
  void VisitCXXParenListInitExpr(const CXXParenListInitExpr *e) {
    emitInitList(e->getType(), e->getInitExprs(), e->getArrayFiller(),
                 e->getInitializedFieldInUnion(), e);
  }
  void VisitArrayInitLoopExpr(const ArrayInitLoopExpr *e);
  void VisitCXXStdInitializerListExpr(const CXXStdInitializerListExpr *e);
  void VisitLambdaExpr(const LambdaExpr *e);
  void VisitStmtExpr(const StmtExpr *e) {
    const CompoundStmt *body = e->getSubStmt();
    FunctionEmitter::CleanupScope scope(fe);
    for (const Stmt *s : body->body())
      if (s != body->body_back())
        fe.emitStmt(s);
    emit(cast<Expr>(body->body_back()));
  }
  void VisitCXXRewrittenBinaryOperator(const CXXRewrittenBinaryOperator *e) {
    emit(e->getSemanticForm());
  }

private:
  void emitInitList(QualType t, llvm::ArrayRef<Expr *> inits,
                    const Expr *filler, const FieldDecl *unionField,
                    const Expr *e);
  void emitThreeWayCompare(const BinaryOperator *e);

  FunctionEmitter &fe;
  mlir::OpBuilder &b;
  ASTContext &ast;
  TypeLowering &types;
  Address dest;
  bool isTemporary;
};

#define ALLOY_VISITOR AggregateEmitter
#include "Basic/EmitterVisitsLowered.inc"

void AggregateEmitter::VisitCastExpr(const CastExpr *e) {
  const Expr *sub = e->getSubExpr();
  switch (e->getCastKind()) {
  case CK_NoOp:
  case CK_ConstructorConversion:
  case CK_UserDefinedConversion:
    if (sub->isGLValue() && !e->isGLValue())
      return copyFrom(sub);
    return emit(sub);
  case CK_LValueToRValue:
  case CK_LValueToRValueBitCast:
    fe.emitCopy(dest, fe.emitMaterialized(sub), e->getType());
    return;
  case CK_DerivedToBase:
  case CK_UncheckedDerivedToBase:
  case CK_BaseToDerived:
  case CK_LValueBitCast:
    return copyFrom(e);
  case CK_ToVoid:
    fe.emitIgnoredExpr(sub);
    return;
  default:
    ALLOY_UNREACHABLE("Sema/DeviceCodeChecker rejects this cast");
  }
}

void AggregateEmitter::VisitBinaryOperator(const BinaryOperator *e) {
  switch (e->getOpcode()) {
  case BO_Comma:
    fe.emitIgnoredExpr(e->getLHS());
    return emit(e->getRHS());
  case BO_Cmp:
    return emitThreeWayCompare(e);
  default:
    return copyFrom(e); // an assignment: copy the assigned object
  }
}

// a <=> b on scalars: the comparison category object (std::strong_ordering
// and friends), one of its constants chosen by the comparison.
void AggregateEmitter::emitThreeWayCompare(const BinaryOperator *e) {
  mlir::Location l = fe.loc(e->getExprLoc());
  const ComparisonCategoryInfo *info =
      ast.CompCategories.lookupInfoForType(e->getType());
  QualType operandType = e->getLHS()->getType();
  mlir::Value lhs = fe.emitScalarExpr(e->getLHS());
  mlir::Value rhs = fe.emitScalarExpr(e->getRHS());
  auto compare = [&](BinaryOperatorKind op) {
    return fe.emitBinaryOperation(op, lhs, rhs, operandType, operandType,
                                  ast.BoolTy, l);
  };
  auto address = [&](ComparisonCategoryResult r) {
    const VarDecl *vd = info->getValueInfo(r)->VD;
    return fe.emitConstantVariable(vd).ptr;
  };
  mlir::Value less = compare(BO_LT), equal = compare(BO_EQ);
  mlir::Value greaterOrUnordered =
      info->isPartial() && operandType->isRealFloatingType()
          ? arith::SelectOp::create(b, l, compare(BO_GT),
                                    address(ComparisonCategoryResult::Greater),
                                    address(ComparisonCategoryResult::Unordered))
                .getResult()
          : address(ComparisonCategoryResult::Greater);
  mlir::Value chosen = arith::SelectOp::create(
      b, l, less, address(ComparisonCategoryResult::Less),
      arith::SelectOp::create(
          b, l, equal,
          address(info->isStrong() ? ComparisonCategoryResult::Equal
                                   : ComparisonCategoryResult::Equivalent),
          greaterOrUnordered));
  fe.emitCopy(dest, Address{chosen, types.alignOf(e->getType())},
              e->getType());
}

void AggregateEmitter::emitInitList(QualType t, llvm::ArrayRef<Expr *> inits,
                                    const Expr *filler,
                                    const FieldDecl *unionField,
                                    const Expr *e) {
  mlir::Location l = fe.loc(e->getExprLoc());
  if (const auto *at = ast.getAsConstantArrayType(t)) {
    QualType elem = at->getElementType();
    uint64_t n = at->getZExtSize();
    // The explicit elements, then the filler for the rest (in a loop).
    for (uint64_t i = 0; i < std::min<uint64_t>(n, inits.size()); ++i) {
      Address a = fe.elementAddress(
          dest, fe.constantInt(l, b.getI64Type(), int64_t(i)), elem, l);
      fe.emitInit(inits[i], a, elem);
    }
    if (n <= inits.size())
      return;
    if (!filler) {
      for (uint64_t i = inits.size(); i < n; ++i)
        fe.emitZeroInit(fe.elementAddress(dest,
                                          fe.constantInt(l, b.getI64Type(),
                                                         int64_t(i)),
                                          elem, l),
                        elem);
      return;
    }
    for (uint64_t i = inits.size(); i < n; ++i)
      fe.emitInit(filler,
                  fe.elementAddress(
                      dest, fe.constantInt(l, b.getI64Type(), int64_t(i)),
                      elem, l),
                  elem);
    return;
  }
  const auto *rd = t->getAsCXXRecordDecl();
  ALLOY_CHECK(rd && "an aggregate is a class or an array");
  if (rd->isUnion()) {
    // One member; the rest of the bytes are zero, as for value-init.
    fe.emitZeroInit(dest, t);
    if (unionField && !inits.empty()) {
      if (unionField->isBitField())
        fe.emitStoreToLValue(fe.emitScalarExpr(inits[0]),
                             fe.fieldLValue(dest, unionField),
                             unionField->getType());
      else
        fe.emitInit(inits[0], fe.memberAddress(dest, unionField),
                    unionField->getType());
    }
    return;
  }
  size_t i = 0;
  for (const CXXBaseSpecifier &base : rd->bases()) {
    if (i >= inits.size())
      break;
    fe.emitAggregateExpr(
        inits[i++],
        fe.baseAddress(dest, rd, base.getType()->getAsCXXRecordDecl()));
  }
  for (const FieldDecl *f : rd->fields()) {
    if (f->isUnnamedBitField())
      continue;
    if (i >= inits.size()) {
      if (f->isBitField())
        fe.emitStoreToLValue(fe.zeroValue(fe.valueType(f->getType()), l),
                             fe.fieldLValue(dest, f), f->getType());
      else
        fe.emitZeroInit(fe.memberAddress(dest, f), f->getType());
      continue;
    }
    const Expr *init = inits[i++];
    // A default member initializer sees the aggregate as `this`.
    mlir::Value savedThis = fe.initializedObject;
    if (isa<CXXDefaultInitExpr>(init))
      fe.initializedObject = dest.ptr;
    if (f->isBitField())
      fe.emitStoreToLValue(fe.emitScalarExpr(init), fe.fieldLValue(dest, f),
                           f->getType());
    else
      fe.emitInit(init, fe.memberAddress(dest, f), f->getType());
    fe.initializedObject = savedThis;
  }
}

// Copies of arrays (captured by lambdas, in implicit copy constructors):
// the sub-expression built once per index.
void AggregateEmitter::VisitArrayInitLoopExpr(const ArrayInitLoopExpr *e) {
  const OpaqueValueExpr *common = e->getCommonExpr();
  fe.opaqueLValues[common] =
      LValue::of(fe.emitMaterialized(common->getSourceExpr()));
  mlir::Value saved = fe.arrayInitIndex;
  QualType elemType = e->getSubExpr()->getType();
  fe.emitArrayLoop(dest, e->getArraySize().getZExtValue(), elemType,
                   [&](Address elem, mlir::Value index) {
                     fe.arrayInitIndex = index;
                     fe.emitInit(e->getSubExpr(), elem, elemType);
                   });
  fe.arrayInitIndex = saved;
}

// std::initializer_list<E>: a temporary array and {pointer, size} (or
// {begin, end}, depending on the library's layout).
void AggregateEmitter::VisitCXXStdInitializerListExpr(
    const CXXStdInitializerListExpr *e) {
  mlir::Location l = fe.loc(e->getExprLoc());
  Address array = fe.emitAddress(e->getSubExpr());
  const auto *at = ast.getAsConstantArrayType(e->getSubExpr()->getType());
  uint64_t n = at->getZExtSize();
  const auto *rd = e->getType()->getAsCXXRecordDecl();
  auto field = rd->field_begin();
  const FieldDecl *first = *field++;
  const FieldDecl *second = *field;
  fe.emitStore(array.ptr, fe.memberAddress(dest, first), first->getType());
  Address secondAddr = fe.memberAddress(dest, second);
  if (second->getType()->isPointerType()) {
    mlir::Value end = PtrAddOp::create(
        b, l, array.ptr, fe.constantInt(l, b.getI64Type(), int64_t(n)),
        types.memoryType(at->getElementType()));
    fe.emitStore(end, secondAddr, second->getType());
  } else {
    fe.emitStore(fe.constantInt(l, fe.valueType(second->getType()), int64_t(n)),
                 secondAddr, second->getType());
  }
}

void AggregateEmitter::VisitLambdaExpr(const LambdaExpr *e) {
  const CXXRecordDecl *closure = e->getLambdaClass();
  auto field = closure->field_begin();
  for (const Expr *init : e->capture_inits()) {
    if (field == closure->field_end())
      break;
    if (init)
      fe.emitInit(init, fe.memberAddress(dest, *field), field->getType());
    ++field;
  }
}

// An inheriting constructor: the base constructor with the arguments the
// derived one received.
void AggregateEmitter::VisitCXXInheritedCtorInitExpr(
    const CXXInheritedCtorInitExpr *e) {
  const CXXConstructorDecl *ctor = e->getConstructor();
  mlir::func::FuncOp target =
      fe.module.getFunction(ctor, e->getExprLoc());
  llvm::SmallVector<mlir::Value, 8> operands{dest.ptr};
  for (const ParmVarDecl *p : fe.fn->parameters()) {
    if (auto it = fe.references.find(p); it != fe.references.end())
      operands.push_back(it->second.ptr);
    else if (types.isAggregate(p->getType()))
      operands.push_back(fe.locals.lookup(p).ptr);
    else
      operands.push_back(fe.emitLoad(fe.locals.lookup(p), p->getType()));
  }
  mlir::func::CallOp::create(b, fe.loc(e->getExprLoc()), target, operands);
}

} // namespace

void FunctionEmitter::emitAggregateExpr(const Expr *e, Address dest,
                                        bool isTemporary) {
  AggregateEmitter(*this, dest, isTemporary).Visit(skipTransparent(e));
}

void FunctionEmitter::emitInit(const Expr *init, Address dest, QualType t) {
  if (t->isReferenceType()) {
    Address target = emitAddress(init);
    StoreOp::create(b, loc(init->getExprLoc()), target.ptr, dest.ptr,
                    dest.align);
    return;
  }
  if (types.isAggregate(t)) {
    emitAggregateExpr(init, dest);
    return;
  }
  emitStore(emitScalarExpr(init), dest, t);
}

void FunctionEmitter::emitZeroInit(Address dest, QualType t) {
  uint64_t size = types.dataSizeOf(t); // see emitCopy
  if (size == 0)
    return;
  if (types.isScalar(t)) {
    emitStore(nullValue(t, b.getUnknownLoc()), dest, t);
    return;
  }
  // Zero bytes; null pointers are zero on the GPU.
  mlir::Location l = b.getUnknownLoc();
  MemsetOp::create(b, l, dest.ptr, constantInt(l, b.getI8Type(), 0),
                   constantInt(l, b.getI64Type(), int64_t(size)), dest.align);
  storeNullMemberPointers(dest, t);
}

// A null pointer to data member is -1, not zero bytes.
void FunctionEmitter::storeNullMemberPointers(Address dest, QualType t) {
  if (!holdsMemberPointer(t, ast))
    return;
  if (types.isScalar(t)) {
    emitStore(nullValue(t, b.getUnknownLoc()), dest, t);
    return;
  }
  if (const auto *at = ast.getAsConstantArrayType(t)) {
    emitArrayLoop(dest, at->getZExtSize(), at->getElementType(),
                  [&](Address element, mlir::Value) {
                    storeNullMemberPointers(element, at->getElementType());
                  });
    return;
  }
  const auto *rd = t->getAsCXXRecordDecl();
  for (const CXXBaseSpecifier &base : rd->bases()) {
    const CXXRecordDecl *bd = base.getType()->getAsCXXRecordDecl();
    storeNullMemberPointers(baseAddress(dest, rd, bd), base.getType());
  }
  for (const FieldDecl *f : rd->fields()) {
    storeNullMemberPointers(memberAddress(dest, f), f->getType());
    if (rd->isUnion())
      break; // the first member is the one initialized
  }
}

} // namespace alloy
