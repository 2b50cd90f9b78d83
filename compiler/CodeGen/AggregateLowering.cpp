// Class and array objects: built in place at a destination address.
#include "FunctionLowering.h"

#include "alloy/Dialect/Alloy/AlloyOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecordLayout.h"

using namespace clang;

namespace alloy {

Address FunctionLowering::materialize(const Expr *e) {
  QualType t = e->getType();
  Address tmp = createTemp(t);
  emitInitInto(e, tmp, t);
  return tmp;
}

void FunctionLowering::emitInitInto(const Expr *init, Address dest,
                                    QualType t) {
  if (t->isReferenceType()) {
    Address target = emitLValue(init);
    StoreOp::create(b, loc(init->getExprLoc()), target.ptr, dest.ptr,
                    dest.align);
    return;
  }
  if (types.isAggregate(t)) {
    emitAggregateInto(init, dest);
    return;
  }
  emitStore(emitScalar(init), dest, t);
}

void FunctionLowering::emitZeroInto(Address dest, QualType t) {
  mlir::Location l = b.getUnknownLoc();
  t = t.getCanonicalType();
  if (types.isScalar(t)) {
    mlir::Type vt = types.memoryType(t);
    if (!vt)
      return;
    mlir::Value zero =
        isa<PtrType>(vt) ? NullOp::create(b, l, vt).getResult() : poison(vt, l);
    StoreOp::create(b, l, zero, dest.ptr, dest.align);
    return;
  }
  if (const auto *at = ast.getAsConstantArrayType(t)) {
    QualType elem = at->getElementType();
    uint64_t n = at->getZExtSize();
    mlir::Type elemType = types.memoryType(elem);
    for (uint64_t i = 0; i < n; ++i) {
      mlir::Value p = PtrAddOp::create(
          b, l, dest.ptr, constantInt(l, b.getI64Type(), int64_t(i)), elemType);
      emitZeroInto(Address{p, types.alignOf(elem)}, elem);
    }
    return;
  }
  if (const auto *rd = t->getAsCXXRecordDecl()) {
    if (rd->isUnion()) {
      mlir::Value zero = constantInt(l, b.getI8Type(), 0);
      for (uint64_t i = 0, n = types.sizeOf(t); i < n; ++i) {
        mlir::Value p =
            i ? MemberAddrOp::create(b, l, dest.ptr, i).getResult() : dest.ptr;
        StoreOp::create(b, l, zero, p, 1);
      }
      return;
    }
    for (const CXXBaseSpecifier &base : rd->bases())
      emitZeroInto(baseAddress(dest, rd, base.getType()->getAsCXXRecordDecl()),
                   base.getType());
    for (const FieldDecl *f : rd->fields()) {
      if (f->isBitField() || f->isUnnamedBitField()) {
        module.error(f->getLocation(), "Alloy cannot compile bit-fields in "
                                       "device code yet");
        continue;
      }
      emitZeroInto(memberAddress(dest, f), f->getType());
    }
  }
}

void FunctionLowering::emitAggregateInto(const Expr *e, Address dest) {
  e = skipTransparent(e);
  mlir::Location l = loc(e->getExprLoc());
  QualType t = e->getType();
  switch (e->getStmtClass()) {
  case Stmt::CXXBindTemporaryExprClass:
    unsupported(e, "a temporary with a non-trivial destructor");
    return;
  case Stmt::ConstantExprClass:
    return emitAggregateInto(cast<ConstantExpr>(e)->getSubExpr(), dest);
  case Stmt::MaterializeTemporaryExprClass:
  case Stmt::DeclRefExprClass:
  case Stmt::MemberExprClass:
  case Stmt::ArraySubscriptExprClass:
    // A glvalue used as a prvalue: copy it.
    emitCopy(dest, emitLValue(e), t);
    return;
  case Stmt::ImplicitValueInitExprClass:
  case Stmt::CXXScalarValueInitExprClass:
    emitZeroInto(dest, t);
    return;
  case Stmt::CXXConstructExprClass:
  case Stmt::CXXTemporaryObjectExprClass:
    emitConstructorCall(cast<CXXConstructExpr>(e), dest);
    return;
  case Stmt::CallExprClass:
  case Stmt::CXXMemberCallExprClass:
  case Stmt::CXXOperatorCallExprClass:
    if (e->isGLValue()) {
      emitCopy(dest, emitLValue(e), t);
      return;
    }
    emitCall(cast<CallExpr>(e), dest);
    return;
  case Stmt::ImplicitCastExprClass:
  case Stmt::CStyleCastExprClass:
  case Stmt::CXXStaticCastExprClass:
  case Stmt::CXXFunctionalCastExprClass:
  case Stmt::CXXConstCastExprClass: {
    const auto *ce = cast<CastExpr>(e);
    switch (ce->getCastKind()) {
    case CK_NoOp:
    case CK_ConstructorConversion:
    case CK_UserDefinedConversion:
      return emitAggregateInto(ce->getSubExpr(), dest);
    case CK_LValueToRValue:
      emitCopy(dest, emitLValue(ce->getSubExpr()), t);
      return;
    case CK_DerivedToBase:
    case CK_UncheckedDerivedToBase:
      if (ce->getSubExpr()->isGLValue()) {
        emitCopy(dest, emitLValue(e), t);
        return;
      }
      break;
    default:
      break;
    }
    unsupported(e, llvm::Twine("the cast '") + ce->getCastKindName() +
                       "' of an object");
    return;
  }
  case Stmt::BinaryOperatorClass: {
    const auto *bo = cast<BinaryOperator>(e);
    if (bo->getOpcode() == BO_Comma) {
      emitIgnored(bo->getLHS());
      emitAggregateInto(bo->getRHS(), dest);
      return;
    }
    break;
  }
  case Stmt::ConditionalOperatorClass: {
    const auto *co = cast<ConditionalOperator>(e);
    mlir::Value cond = emitCondition(co->getCond());
    mlir::Block *thenBlock = newBlock(), *elseBlock = newBlock();
    mlir::Block *merge = newBlock();
    mlir::cf::CondBranchOp::create(b, l, cond, thenBlock, elseBlock);
    for (auto [block, arm] : {std::pair{thenBlock, co->getTrueExpr()},
                              std::pair{elseBlock, co->getFalseExpr()}}) {
      b.setInsertionPointToEnd(block);
      emitAggregateInto(arm, dest);
      if (!blockTerminated())
        mlir::cf::BranchOp::create(b, l, merge);
    }
    b.setInsertionPointToEnd(merge);
    return;
  }
  case Stmt::InitListExprClass: {
    const auto *ile = cast<InitListExpr>(e);
    if (ile->isTransparent()) {
      emitAggregateInto(ile->getInit(0), dest);
      return;
    }
    if (const auto *at = ast.getAsConstantArrayType(t)) {
      QualType elem = at->getElementType();
      mlir::Type elemType = types.memoryType(elem);
      uint64_t n = at->getZExtSize();
      for (uint64_t i = 0; i < n; ++i) {
        mlir::Value p = PtrAddOp::create(
            b, l, dest.ptr, constantInt(l, b.getI64Type(), int64_t(i)),
            elemType);
        Address a{p, types.alignOf(elem)};
        if (i < ile->getNumInits())
          emitInitInto(ile->getInit(i), a, elem);
        else if (ile->hasArrayFiller())
          emitInitInto(ile->getArrayFiller(), a, elem);
        else
          emitZeroInto(a, elem);
      }
      return;
    }
    const auto *rd = t->getAsCXXRecordDecl();
    if (!rd) {
      unsupported(e, "this initializer list");
      return;
    }
    if (rd->isUnion()) {
      // One member, the first unless designated; the rest of the bytes are
      // zero as for value-initialization.
      emitZeroInto(dest, t);
      const FieldDecl *f = ile->getInitializedFieldInUnion();
      if (f && ile->getNumInits() == 1)
        emitInitInto(ile->getInit(0), memberAddress(dest, f), f->getType());
      return;
    }
    unsigned i = 0;
    for (const CXXBaseSpecifier &base : rd->bases()) {
      if (i >= ile->getNumInits())
        break;
      emitAggregateInto(
          ile->getInit(i++),
          baseAddress(dest, rd, base.getType()->getAsCXXRecordDecl()));
    }
    for (const FieldDecl *f : rd->fields()) {
      if (f->isUnnamedBitField())
        continue;
      if (f->isBitField()) {
        unsupported(e, "initializing a bit-field");
        return;
      }
      Address a = memberAddress(dest, f);
      if (i < ile->getNumInits())
        emitInitInto(ile->getInit(i++), a, f->getType());
      else
        emitZeroInto(a, f->getType());
    }
    return;
  }
  case Stmt::LambdaExprClass: {
    const auto *le = cast<LambdaExpr>(e);
    const CXXRecordDecl *closure = le->getLambdaClass();
    auto field = closure->field_begin();
    for (const Expr *init : le->capture_inits()) {
      if (field == closure->field_end())
        break;
      if (init)
        emitInitInto(init, memberAddress(dest, *field), field->getType());
      ++field;
    }
    return;
  }
  default:
    break;
  }
  unsupported(e, llvm::Twine("a '") + e->getStmtClassName() +
                     "' expression of class type");
}

} // namespace alloy
