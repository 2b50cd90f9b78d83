// Scalar expressions: one visitor method per AST node, with the binary
// operators sharing one BinOpInfo and the conditional operator and the
// casts one helper each.
#include "Basic/ASTUtils.h"
#include "Basic/Casts.h"
#include "Basic/DeviceIntrinsics.h"
#include "Basic/DeviceTypes.h"
#include "Basic/InternalError.h"
#include "Basic/StmtKinds.h"
#include "FunctionEmitter.h"

#include "alloy/Dialect/Alloy/AlloyOps.h"
#include "alloy/Transforms/Attributes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/StmtVisitor.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;
namespace arith = mlir::arith;

namespace alloy {
namespace {

bool isSigned(QualType t) {
  return !t->isBooleanType() && t->isSignedIntegerOrEnumerationType();
}

arith::IntegerOverflowFlags overflowFlags(QualType t) {
  return isSigned(t) ? arith::IntegerOverflowFlags::nsw
                     : arith::IntegerOverflowFlags::none;
}

// The register that `gpu::thread_idx().x` (or block_idx, block_dim,
// grid_dim, and .y, .z) reads, so that it is one SSA value rather than a
// field of a dim3 temporary: range analyses then see it.
std::optional<Intrinsic> registerField(const Expr *e) {
  auto *member = dyn_cast<MemberExpr>(e->IgnoreParens());
  if (!member)
    return std::nullopt;
  auto *field = dyn_cast<FieldDecl>(member->getMemberDecl());
  if (!field || field->getParent()->getQualifiedNameAsString() != "gpu::dim3")
    return std::nullopt;
  auto *call = dyn_cast<CallExpr>(member->getBase()->IgnoreImplicit());
  const FunctionDecl *callee = call ? call->getDirectCallee() : nullptr;
  if (!callee || call->getNumArgs() != 0)
    return std::nullopt;
  std::string name = callee->getQualifiedNameAsString();
  llvm::StringRef reg = llvm::StringSwitch<llvm::StringRef>(name)
                            .Case("gpu::thread_idx", "thread_id.")
                            .Case("gpu::block_idx", "block_id.")
                            .Case("gpu::block_dim", "block_dim.")
                            .Case("gpu::grid_dim", "grid_dim.")
                            .Default("");
  if (reg.empty())
    return std::nullopt;
  return lookupIntrinsic((reg + field->getName()).str());
}

// The operands of a binary operator, converted to the type it computes in.
struct BinOpInfo {
  mlir::Value lhs, rhs;
  QualType lhsType, rhsType;
  QualType type; // the computation type (and result, but for comparisons)
  BinaryOperatorKind opcode;
  const Expr *e;
  mlir::Location loc;
};

class ScalarExprEmitter
    : public ConstStmtVisitor<ScalarExprEmitter, mlir::Value> {
public:
  explicit ScalarExprEmitter(FunctionEmitter &fe)
      : fe(fe), b(fe.b), ast(fe.ast), types(fe.types) {}

  mlir::Value emit(const Expr *e) { return fe.emitScalarExpr(e); }
  mlir::Location loc(const Expr *e) { return fe.loc(e->getExprLoc()); }
  mlir::Value folded(const Expr *e) {
    std::optional<APValue> v = foldScalar(e, ast);
    ALLOY_CHECK(v && "a compile-time value");
    return fe.emitConstant(*v, e->getType(), loc(e));
  }
  mlir::Value loadGLValue(const Expr *e) {
    return fe.emitLoadOfLValue(fe.emitLValue(e), e->getType());
  }

  // Whatever is a glvalue is loaded; other nodes are the checker's.
  mlir::Value VisitStmt(const Stmt *s) {
    const auto *e = cast<Expr>(s);
    ALLOY_CHECK(e->isGLValue() && "Sema/DeviceCodeChecker rejects this node");
    return loadGLValue(e);
  }

  // --- Literals and compile-time values ----------------------------------
  mlir::Value VisitIntegerLiteral(const IntegerLiteral *e) {
    mlir::Type t = fe.valueType(e->getType());
    return arith::ConstantOp::create(b, loc(e), t,
                                     b.getIntegerAttr(t, e->getValue()));
  }
  mlir::Value VisitCharacterLiteral(const CharacterLiteral *e) {
    return fe.constantInt(loc(e), fe.valueType(e->getType()), e->getValue());
  }
  mlir::Value VisitCXXBoolLiteralExpr(const CXXBoolLiteralExpr *e) {
    return fe.constantInt(loc(e), b.getI1Type(), e->getValue());
  }
  mlir::Value VisitFloatingLiteral(const FloatingLiteral *e) {
    mlir::Type t = fe.valueType(e->getType());
    return arith::ConstantOp::create(b, loc(e), t,
                                     b.getFloatAttr(t, e->getValue()));
  }
  mlir::Value VisitCXXNullPtrLiteralExpr(const CXXNullPtrLiteralExpr *e) {
    return NullOp::create(b, loc(e), types.pointerType());
  }
  mlir::Value VisitGNUNullExpr(const GNUNullExpr *e) {
    return fe.zeroValue(fe.valueType(e->getType()), loc(e));
  }
  mlir::Value VisitSourceLocExpr(const SourceLocExpr *e) {
    APValue v = e->EvaluateInContext(ast, nullptr);
    if (v.isInt() || v.isFloat())
      return fe.emitConstant(v, e->getType(), loc(e));
    const auto *lit = v.getLValueBase().dyn_cast<const Expr *>();
    return fe.emitStringLiteral(cast<StringLiteral>(lit)).ptr;
  }
  mlir::Value VisitConstantExpr(const ConstantExpr *e) {
    if (e->hasAPValueResult()) {
      APValue v = e->getAPValueResult();
      if (v.isInt() || v.isFloat())
        return fe.emitConstant(v, e->getType(), loc(e));
    }
    if (foldScalar(e, ast))
      return folded(e);
    return emit(e->getSubExpr());
  }
  mlir::Value VisitUnaryExprOrTypeTraitExpr(const UnaryExprOrTypeTraitExpr *e) {
    return folded(e);
  }
  mlir::Value VisitOffsetOfExpr(const OffsetOfExpr *e) { return folded(e); }
  mlir::Value VisitTypeTraitExpr(const TypeTraitExpr *e) { return folded(e); }
  mlir::Value VisitArrayTypeTraitExpr(const ArrayTypeTraitExpr *e) {
    return folded(e);
  }
  mlir::Value VisitExpressionTraitExpr(const ExpressionTraitExpr *e) {
    return folded(e);
  }
  mlir::Value VisitCXXNoexceptExpr(const CXXNoexceptExpr *e) {
    return folded(e);
  }
  mlir::Value VisitSizeOfPackExpr(const SizeOfPackExpr *e) {
    return folded(e);
  }
  mlir::Value VisitConceptSpecializationExpr(
      const ConceptSpecializationExpr *e) {
    return fe.constantInt(loc(e), b.getI1Type(), e->isSatisfied());
  }
  mlir::Value VisitRequiresExpr(const RequiresExpr *e) {
    return fe.constantInt(loc(e), b.getI1Type(), e->isSatisfied());
  }

  // --- Names and objects ---------------------------------------------------
  mlir::Value VisitCXXThisExpr(const CXXThisExpr *e) {
    if (fe.initializedObject)
      return fe.initializedObject;
    if (fe.thisCapture) {
      Address a = fe.memberAddress(fe.selfAddress(), fe.thisCapture);
      // [*this] holds a copy of the object, [this] its address.
      if (!fe.thisCapture->getType()->isPointerType())
        return a.ptr;
      return LoadOp::create(b, loc(e), types.pointerType(), a.ptr, a.align);
    }
    return fe.thisPtr;
  }
  mlir::Value VisitDeclRefExpr(const DeclRefExpr *e) {
    if (foldScalar(e, ast))
      return folded(e);
    return loadGLValue(e);
  }
  mlir::Value VisitMemberExpr(const MemberExpr *e) {
    if (isa<VarDecl, EnumConstantDecl>(e->getMemberDecl()) &&
        foldScalar(e, ast)) {
      fe.emitIgnoredExpr(e->getBase());
      return folded(e);
    }
    return loadGLValue(e);
  }
  mlir::Value VisitOpaqueValueExpr(const OpaqueValueExpr *e) {
    if (e->isGLValue())
      return loadGLValue(e);
    auto it = fe.opaqueValues.find(e);
    ALLOY_CHECK(it != fe.opaqueValues.end() && "bound by its owner");
    return it->second;
  }
  mlir::Value VisitArrayInitIndexExpr(const ArrayInitIndexExpr *e) {
    return fe.emitScalarConversion(fe.arrayInitIndex, ast.LongTy, e->getType(),
                                   loc(e));
  }
  mlir::Value VisitImplicitValueInitExpr(const ImplicitValueInitExpr *e) {
    return fe.nullValue(e->getType(), loc(e));
  }
  mlir::Value VisitCXXScalarValueInitExpr(const CXXScalarValueInitExpr *e) {
    if (e->getType()->isVoidType())
      return {};
    return fe.nullValue(e->getType(), loc(e));
  }
  mlir::Value VisitInitListExpr(const InitListExpr *e) {
    if (e->getNumInits() == 0)
      return fe.nullValue(e->getType(), loc(e));
    return emit(e->getInit(0));
  }
  mlir::Value VisitExprWithCleanups(const ExprWithCleanups *e) {
    FunctionEmitter::CleanupScope scope(fe);
    return emit(e->getSubExpr());
  }
  mlir::Value VisitStmtExpr(const StmtExpr *e);
  mlir::Value VisitCXXNewExpr(const CXXNewExpr *e);
  mlir::Value VisitCXXThrowExpr(const CXXThrowExpr *e) {
    // Sema/DeviceCodeChecker admits the standard library's only.
    fe.emitLibraryThrow(e, *libraryThrow(e, ast));
    return {};
  }
  mlir::Value VisitCXXRewrittenBinaryOperator(
      const CXXRewrittenBinaryOperator *e) {
    return emit(e->getSemanticForm());
  }

  // --- Calls -----------------------------------------------------------------
  mlir::Value VisitCallExpr(const CallExpr *e) {
    if (foldScalar(e, ast))
      return folded(e);
    if (e->isGLValue())
      return loadGLValue(e);
    return fe.emitCallExpr(e);
  }

  // --- Casts -----------------------------------------------------------------
  mlir::Value VisitCastExpr(const CastExpr *e);
  mlir::Value VisitBuiltinBitCastExpr(const BuiltinBitCastExpr *e) {
    Address src = fe.emitMaterialized(e->getSubExpr());
    return fe.emitLoad(Address{src.ptr, std::min(src.align,
                                                 types.alignOf(e->getType()))},
                       e->getType());
  }

  // --- Operators -------------------------------------------------------------
  mlir::Value VisitUnaryPlus(const UnaryOperator *e) {
    return emit(e->getSubExpr());
  }
  mlir::Value VisitUnaryMinus(const UnaryOperator *e) {
    if (auto promoted = excessPrecisionType(e->getType(), ast))
      return fe.emitScalarConversion(
          fe.emitPromotedScalarExpr(e, *promoted), *promoted, e->getType(),
          loc(e));
    mlir::Value v = emit(e->getSubExpr());
    if (isa<mlir::FloatType>(v.getType()))
      return arith::NegFOp::create(b, loc(e), v);
    return arith::SubIOp::create(b, loc(e),
                                 fe.constantInt(loc(e), v.getType(), 0), v,
                                 overflowFlags(e->getType()));
  }
  mlir::Value VisitUnaryNot(const UnaryOperator *e) {
    mlir::Value v = emit(e->getSubExpr());
    return arith::XOrIOp::create(b, loc(e), v,
                                 fe.constantInt(loc(e), v.getType(), -1));
  }
  mlir::Value VisitUnaryLNot(const UnaryOperator *e) {
    mlir::Value v = fe.emitCondition(e->getSubExpr());
    return arith::XOrIOp::create(b, loc(e), v,
                                 fe.constantInt(loc(e), b.getI1Type(), 1));
  }
  mlir::Value VisitUnaryAddrOf(const UnaryOperator *e) {
    if (e->getType()->isMemberPointerType())
      return folded(e); // &C::m: its offset
    return fe.emitAddress(e->getSubExpr()).ptr;
  }
  mlir::Value VisitUnaryPostInc(const UnaryOperator *e) {
    return emitIncDec(e);
  }
  mlir::Value VisitUnaryPostDec(const UnaryOperator *e) {
    return emitIncDec(e);
  }
  mlir::Value VisitUnaryExtension(const UnaryOperator *e) {
    return emit(e->getSubExpr());
  }

#define BINOP(OP)                                                              \
  mlir::Value VisitBin##OP(const BinaryOperator *e) {                          \
    return emitArithmetic(e);                                                  \
  }
  BINOP(Mul)
  BINOP(Div)
  BINOP(Rem)
  BINOP(Add)
  BINOP(Sub)
  BINOP(Shl)
  BINOP(Shr)
  BINOP(And)
  BINOP(Xor)
  BINOP(Or)
#undef BINOP
#define CMPOP(OP)                                                              \
  mlir::Value VisitBin##OP(const BinaryOperator *e) {                          \
    return emitCompare(binOpInfo(e));                                          \
  }
  CMPOP(LT)
  CMPOP(GT)
  CMPOP(LE)
  CMPOP(GE)
  CMPOP(EQ)
  CMPOP(NE)
#undef CMPOP
  mlir::Value VisitBinComma(const BinaryOperator *e) {
    fe.emitIgnoredExpr(e->getLHS());
    return emit(e->getRHS());
  }
  mlir::Value VisitBinLAnd(const BinaryOperator *e) {
    return emitLogical(e, /*isAnd=*/true);
  }
  mlir::Value VisitBinLOr(const BinaryOperator *e) {
    return emitLogical(e, /*isAnd=*/false);
  }
  mlir::Value VisitConditionalOperator(const ConditionalOperator *e) {
    if (e->isGLValue())
      return loadGLValue(e);
    return fe.emitConditional(e->getCond(), e->getTrueExpr(),
                              e->getFalseExpr(), fe.valueType(e->getType()),
                              [&](const Expr *arm) { return emit(arm); });
  }
  mlir::Value
  VisitBinaryConditionalOperator(const BinaryConditionalOperator *e) {
    if (e->isGLValue())
      return loadGLValue(e);
    if (e->getCommon()->isGLValue())
      fe.opaqueLValues[e->getOpaqueValue()] = fe.emitLValue(e->getCommon());
    else
      fe.opaqueValues[e->getOpaqueValue()] = emit(e->getCommon());
    return fe.emitConditional(e->getCond(), e->getTrueExpr(),
                              e->getFalseExpr(), fe.valueType(e->getType()),
                              [&](const Expr *arm) { return emit(arm); });
  }

  // Shared by the binary operators and the compound assignments.
  BinOpInfo binOpInfo(const BinaryOperator *e) {
    return {emit(e->getLHS()),
            emit(e->getRHS()),
            e->getLHS()->getType(),
            e->getRHS()->getType(),
            e->getType(),
            e->getOpcode(),
            e,
            loc(e)};
  }
  mlir::Value emitArithmetic(const BinaryOperator *e) {
    if (auto promoted = excessPrecisionType(e->getType(), ast))
      return fe.emitScalarConversion(fe.emitPromotedScalarExpr(e, *promoted),
                                     *promoted, e->getType(), loc(e));
    return emitBinOp(binOpInfo(e));
  }
  mlir::Value emitBinOp(const BinOpInfo &op);
  mlir::Value emitFloatBinOp(const BinOpInfo &op);
  mlir::Value markContraction(mlir::Value v, const Expr *e);
  mlir::Value emitPointerArithmetic(const BinOpInfo &op);
  mlir::Value emitCompare(const BinOpInfo &op);
  mlir::Value emitLogical(const BinaryOperator *e, bool isAnd);
  mlir::Value emitIncDec(const UnaryOperator *e);

  FunctionEmitter &fe;
  mlir::OpBuilder &b;
  ASTContext &ast;
  TypeLowering &types;
};

#define ALLOY_VISITOR ScalarExprEmitter
#include "Basic/EmitterVisitsLowered.inc"

// The byte offset of the base class a cast path reaches.
uint64_t pathOffset(ASTContext &ast, const CXXRecordDecl *derived,
                    const CastExpr *ce) {
  uint64_t offset = 0;
  for (const CXXBaseSpecifier *spec : ce->path()) {
    const CXXRecordDecl *base = spec->getType()->getAsCXXRecordDecl();
    offset +=
        ast.getASTRecordLayout(derived).getBaseClassOffset(base).getQuantity();
    derived = base;
  }
  return offset;
}

mlir::Value ScalarExprEmitter::VisitCastExpr(const CastExpr *e) {
  const Expr *sub = e->getSubExpr();
  QualType from = sub->getType(), to = e->getType();
  mlir::Location l = loc(e);
  // A constant of a type the GPU has not (1.5L as a float): its value.
  if (unsupportedTypeReason(from, ast))
    return folded(e);
  if (isScalarConversion(e->getCastKind()))
    return fe.emitScalarConversion(emit(sub), from, to, l);
  switch (e->getCastKind()) {
  case CK_LValueToRValue:
    if (foldScalar(e, ast))
      return folded(e);
    if (std::optional<Intrinsic> reg = registerField(sub))
      return fe.emitRegister(*reg, l);
    // The lvalue's type: the conversion's drops `volatile`.
    return fe.emitLoadOfLValue(fe.emitLValue(sub), from);
  case CK_NoOp:
  case CK_UserDefinedConversion:
  case CK_ConstructorConversion:
  case CK_BitCast:
    if (sub->isGLValue())
      return loadGLValue(sub);
    return emit(sub);
  case CK_LValueBitCast:
    return loadGLValue(e);
  case CK_LValueToRValueBitCast: {
    Address src = fe.emitMaterialized(sub);
    return fe.emitLoad(Address{src.ptr, std::min(src.align, types.alignOf(to))},
                       to);
  }
  case CK_ToVoid:
    fe.emitIgnoredExpr(sub);
    return {};
  case CK_BooleanToSignedIntegral:
    return arith::ExtSIOp::create(b, l, fe.valueType(to), emit(sub));
  case CK_NullToPointer:
  case CK_NullToMemberPointer: // (-1 for a pointer to data member)
    if (!isa<IntegerLiteral, GNUNullExpr, CXXNullPtrLiteralExpr>(
            sub->IgnoreParenImpCasts()))
      fe.emitIgnoredExpr(sub);
    return fe.nullValue(to, l);
  case CK_ArrayToPointerDecay:
    return fe.emitAddress(sub).ptr;
  case CK_DerivedToBase:
  case CK_UncheckedDerivedToBase:
  case CK_BaseToDerived: {
    bool down = e->getCastKind() == CK_BaseToDerived;
    const CXXRecordDecl *derived =
        (down ? to : from)->getPointeeCXXRecordDecl();
    uint64_t offset = pathOffset(ast, derived, e);
    mlir::Value p = emit(sub);
    if (!offset)
      return p;
    mlir::Value moved = PtrAddOp::create(
        b, l, p,
        fe.constantInt(l, b.getI64Type(), down ? -int64_t(offset) : offset),
        b.getI8Type());
    if (e->getCastKind() == CK_UncheckedDerivedToBase)
      return moved;
    // A null pointer stays null.
    return arith::SelectOp::create(b, l, fe.emitToBool(p, l), moved, p);
  }
  case CK_ReinterpretMemberPointer:
    return emit(sub);
  case CK_MemberPointerToBoolean: {
    mlir::Value v = emit(sub);
    return arith::CmpIOp::create(
        b, l, arith::CmpIPredicate::ne, v,
        fe.constantInt(l, v.getType(), kNullMemberPointer));
  }
  case CK_BaseToDerivedMemberPointer:
  case CK_DerivedToBaseMemberPointer: {
    // A member of a base is at the base's offset more in the derived class.
    bool up = e->getCastKind() == CK_BaseToDerivedMemberPointer;
    const CXXRecordDecl *derived = (up ? to : from)
                                       ->castAs<MemberPointerType>()
                                       ->getMostRecentCXXRecordDecl();
    uint64_t offset = pathOffset(ast, derived, e);
    mlir::Value v = emit(sub);
    if (!offset)
      return v;
    mlir::Value moved = arith::AddIOp::create(
        b, l, v,
        fe.constantInt(l, v.getType(),
                       up ? int64_t(offset) : -int64_t(offset)));
    mlir::Value null = fe.constantInt(l, v.getType(), kNullMemberPointer);
    mlir::Value isNull =
        arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, v, null);
    return arith::SelectOp::create(b, l, isNull, v, moved);
  }
  default:
    ALLOY_UNREACHABLE("Sema/DeviceCodeChecker rejects this cast");
  }
}

mlir::Value ScalarExprEmitter::emitFloatBinOp(const BinOpInfo &op) {
  switch (op.opcode) {
  case BO_Mul:
    return arith::MulFOp::create(b, op.loc, op.lhs, op.rhs);
  case BO_Add:
    return arith::AddFOp::create(b, op.loc, op.lhs, op.rhs);
  default:
    return arith::SubFOp::create(b, op.loc, op.lhs, op.rhs);
  }
}

// `#pragma clang fp contract` and `#pragma STDC FP_CONTRACT` reach the
// alloy-fp-contract pass as an attribute on the operation.
mlir::Value ScalarExprEmitter::markContraction(mlir::Value v, const Expr *e) {
  const auto *bo = dyn_cast_or_null<BinaryOperator>(e);
  if (!bo || !bo->hasStoredFPFeatures())
    return v;
  FPOptionsOverride o = bo->getStoredFPFeatures();
  if (!o.hasFPContractModeOverride())
    return v;
  StringRef mode;
  switch (o.getFPContractModeOverride()) {
  case LangOptions::FPM_Off:
    mode = "off";
    break;
  case LangOptions::FPM_On:
    mode = "on";
    break;
  default:
    mode = "fast";
    break;
  }
  v.getDefiningOp()->setAttr(alloy::kFPContractAttr, b.getStringAttr(mode));
  return v;
}

mlir::Value ScalarExprEmitter::emitBinOp(const BinOpInfo &op) {
  if (op.lhsType->isPointerType() || op.rhsType->isPointerType())
    return emitPointerArithmetic(op);
  mlir::Location l = op.loc;
  bool isFloat = isa<mlir::FloatType>(op.lhs.getType());
  bool sgn = isSigned(op.lhsType);
  if (isFloat && (op.opcode == BO_Mul || op.opcode == BO_Add ||
                  op.opcode == BO_Sub))
    return markContraction(emitFloatBinOp(op), op.e);
  switch (op.opcode) {
  case BO_Mul:
    return isFloat ? arith::MulFOp::create(b, l, op.lhs, op.rhs).getResult()
                   : arith::MulIOp::create(b, l, op.lhs, op.rhs,
                                           overflowFlags(op.type))
                         .getResult();
  case BO_Add:
    return isFloat ? arith::AddFOp::create(b, l, op.lhs, op.rhs).getResult()
                   : arith::AddIOp::create(b, l, op.lhs, op.rhs,
                                           overflowFlags(op.type))
                         .getResult();
  case BO_Sub:
    return isFloat ? arith::SubFOp::create(b, l, op.lhs, op.rhs).getResult()
                   : arith::SubIOp::create(b, l, op.lhs, op.rhs,
                                           overflowFlags(op.type))
                         .getResult();
  case BO_Div:
    if (isFloat)
      return arith::DivFOp::create(b, l, op.lhs, op.rhs);
    return sgn ? arith::DivSIOp::create(b, l, op.lhs, op.rhs).getResult()
               : arith::DivUIOp::create(b, l, op.lhs, op.rhs).getResult();
  case BO_Rem:
    return sgn ? arith::RemSIOp::create(b, l, op.lhs, op.rhs).getResult()
               : arith::RemUIOp::create(b, l, op.lhs, op.rhs).getResult();
  case BO_Shl:
  case BO_Shr: {
    // The amount has its own type; shift in the left operand's.
    mlir::Value amount =
        fe.emitScalarConversion(op.rhs, op.rhsType, op.lhsType, l);
    if (op.opcode == BO_Shl)
      return arith::ShLIOp::create(b, l, op.lhs, amount);
    return sgn ? arith::ShRSIOp::create(b, l, op.lhs, amount).getResult()
               : arith::ShRUIOp::create(b, l, op.lhs, amount).getResult();
  }
  case BO_And:
    return arith::AndIOp::create(b, l, op.lhs, op.rhs);
  case BO_Or:
    return arith::OrIOp::create(b, l, op.lhs, op.rhs);
  case BO_Xor:
    return arith::XOrIOp::create(b, l, op.lhs, op.rhs);
  default:
    ALLOY_UNREACHABLE("not an arithmetic operator");
  }
}

mlir::Value ScalarExprEmitter::emitPointerArithmetic(const BinOpInfo &op) {
  mlir::Location l = op.loc;
  mlir::Type i64 = b.getI64Type();
  auto pointee = [&](QualType ptr) -> mlir::Type {
    QualType t = ptr->getPointeeType();
    if (t->isVoidType() || t->isFunctionType())
      return b.getI8Type();
    return types.memoryType(t);
  };
  if (op.lhsType->isPointerType() && op.rhsType->isPointerType()) {
    // ptr - ptr: the distance in elements.
    mlir::Value a = PtrToIntOp::create(b, l, i64, op.lhs);
    mlir::Value c = PtrToIntOp::create(b, l, i64, op.rhs);
    mlir::Value diff = arith::SubIOp::create(b, l, a, c);
    QualType elem = op.lhsType->getPointeeType();
    uint64_t size = elem->isVoidType() ? 1 : types.sizeOf(elem);
    if (size > 1)
      diff = arith::DivSIOp::create(b, l, diff,
                                    fe.constantInt(l, i64, int64_t(size)));
    return fe.emitScalarConversion(diff, ast.LongTy, op.type, l);
  }
  bool ptrLeft = op.lhsType->isPointerType();
  mlir::Value p = ptrLeft ? op.lhs : op.rhs;
  mlir::Value i = ptrLeft ? op.rhs : op.lhs;
  QualType it = ptrLeft ? op.rhsType : op.lhsType;
  i = fe.emitScalarConversion(i, it, isSigned(it) ? ast.LongTy
                                                  : ast.UnsignedLongTy,
                              l);
  if (op.opcode == BO_Sub)
    i = arith::SubIOp::create(b, l, fe.constantInt(l, i64, 0), i);
  return PtrAddOp::create(b, l, p, i,
                          pointee(ptrLeft ? op.lhsType : op.rhsType));
}

// The predicates of a comparison: of floats (ordered; != is unordered),
// of signed and of unsigned integers.
struct ComparePredicates {
  arith::CmpFPredicate floats;
  arith::CmpIPredicate signedInts, unsignedInts;
};

static ComparePredicates comparePredicates(BinaryOperatorKind opcode) {
  using F = arith::CmpFPredicate;
  using I = arith::CmpIPredicate;
  switch (opcode) {
  case BO_LT:
    return {F::OLT, I::slt, I::ult};
  case BO_GT:
    return {F::OGT, I::sgt, I::ugt};
  case BO_LE:
    return {F::OLE, I::sle, I::ule};
  case BO_GE:
    return {F::OGE, I::sge, I::uge};
  case BO_EQ:
    return {F::OEQ, I::eq, I::eq};
  default:
    return {F::UNE, I::ne, I::ne};
  }
}

mlir::Value ScalarExprEmitter::emitCompare(const BinOpInfo &op) {
  mlir::Location l = op.loc;
  mlir::Value lhs = op.lhs, rhs = op.rhs;
  QualType t = op.lhsType;
  if (isa<PtrType>(lhs.getType()) || isa<PtrType>(rhs.getType())) {
    lhs = fe.emitScalarConversion(lhs, op.lhsType, ast.UnsignedLongTy, l);
    rhs = fe.emitScalarConversion(rhs, op.rhsType, ast.UnsignedLongTy, l);
    t = ast.UnsignedLongTy;
  }
  ComparePredicates p = comparePredicates(op.opcode);
  if (isa<mlir::FloatType>(lhs.getType()))
    return arith::CmpFOp::create(b, l, p.floats, lhs, rhs);
  return arith::CmpIOp::create(
      b, l, isSigned(t) ? p.signedInts : p.unsignedInts, lhs, rhs);
}

mlir::Value ScalarExprEmitter::emitLogical(const BinaryOperator *e,
                                           bool isAnd) {
  mlir::Location l = loc(e);
  mlir::Value lhs = fe.emitCondition(e->getLHS());
  mlir::Block *rhsBlock = fe.newBlock();
  mlir::Block *merge = fe.newBlock();
  mlir::Value result = merge->addArgument(b.getI1Type(), l);
  mlir::Value shortValue = fe.constantInt(l, b.getI1Type(), !isAnd);
  if (isAnd)
    mlir::cf::CondBranchOp::create(b, l, lhs, rhsBlock, mlir::ValueRange{},
                                   merge, mlir::ValueRange{shortValue});
  else
    mlir::cf::CondBranchOp::create(b, l, lhs, merge,
                                   mlir::ValueRange{shortValue}, rhsBlock,
                                   mlir::ValueRange{});
  b.setInsertionPointToEnd(rhsBlock);
  ++fe.conditionalDepth;
  mlir::Value rhs = fe.emitCondition(e->getRHS());
  --fe.conditionalDepth;
  if (!fe.blockTerminated())
    mlir::cf::BranchOp::create(b, l, merge, mlir::ValueRange{rhs});
  b.setInsertionPointToEnd(merge);
  return result;
}

// x++ and x--: the old value.
mlir::Value ScalarExprEmitter::emitIncDec(const UnaryOperator *e) {
  return fe.emitIncDecAndStore(e, fe.emitLValue(e->getSubExpr()));
}

mlir::Value ScalarExprEmitter::VisitStmtExpr(const StmtExpr *e) {
  const CompoundStmt *body = e->getSubStmt();
  FunctionEmitter::CleanupScope scope(fe);
  const Stmt *last = body->body_empty() ? nullptr : body->body_back();
  for (const Stmt *s : body->body())
    if (s != last)
      fe.emitStmt(s);
  const auto *value = dyn_cast_or_null<Expr>(last);
  if (!value || e->getType()->isVoidType()) {
    fe.emitStmt(last);
    return {};
  }
  return emit(value);
}

// Placement new: constructs the object at the given address.
mlir::Value ScalarExprEmitter::VisitCXXNewExpr(const CXXNewExpr *e) {
  mlir::Value p = emit(e->getPlacementArg(0));
  QualType t = e->getAllocatedType();
  Address dest{p, types.alignOf(t)};
  if (const Expr *init = e->getInitializer())
    fe.emitInit(init, dest, t);
  return p;
}

} // namespace

mlir::Value FunctionEmitter::emitScalarExpr(const Expr *e) {
  return ScalarExprEmitter(*this).Visit(skipTransparent(e));
}

mlir::Value FunctionEmitter::emitBinaryOperation(BinaryOperatorKind op,
                                                 mlir::Value lhs,
                                                 mlir::Value rhs,
                                                 QualType lhsType,
                                                 QualType rhsType,
                                                 QualType type,
                                                 mlir::Location l) {
  ScalarExprEmitter emitter(*this);
  BinOpInfo info{lhs, rhs, lhsType, rhsType, type, op, nullptr, l};
  if (BinaryOperator::isComparisonOp(op))
    return emitter.emitCompare(info);
  return emitter.emitBinOp(info);
}

mlir::Value FunctionEmitter::emitCondition(const Expr *e) {
  return emitToBool(emitScalarExpr(e), loc(e->getExprLoc()));
}

void FunctionEmitter::emitIgnoredExpr(const Expr *e) {
  e = skipTransparent(e);
  if (const auto *ewc = dyn_cast<ExprWithCleanups>(e)) {
    CleanupScope scope(*this);
    emitIgnoredExpr(ewc->getSubExpr());
    return;
  }
  if (e->isGLValue()) {
    emitLValue(e);
    return;
  }
  if (types.isAggregate(e->getType())) {
    emitTemporary(e);
    return;
  }
  emitScalarExpr(e);
}

mlir::Value FunctionEmitter::emitToBool(mlir::Value v, mlir::Location l) {
  mlir::Type t = v.getType();
  if (t.isInteger(1))
    return v;
  if (isa<mlir::IntegerType>(t))
    return arith::CmpIOp::create(b, l, arith::CmpIPredicate::ne, v,
                                 constantInt(l, t, 0));
  if (isa<mlir::FloatType>(t))
    return arith::CmpFOp::create(b, l, arith::CmpFPredicate::UNE, v,
                                 constantFloat(l, t, 0.0));
  mlir::Value i = PtrToIntOp::create(b, l, b.getI64Type(), v);
  return arith::CmpIOp::create(b, l, arith::CmpIPredicate::ne, i,
                               constantInt(l, b.getI64Type(), 0));
}

namespace {
// Conversions between integers wider than 64 bits and floating point: the
// NVPTX backend has no library for them (__floattidf ...), so they are
// written out, correctly rounded.

// An unsigned i128 to `dst`: the top 64 significant bits, with the bits
// below them folded into a sticky bit (so the 64-bit conversion rounds as
// the exact value would), scaled by a power of two.
mlir::Value wideUnsignedToFloat(FunctionEmitter &fe, mlir::Value mag,
                                mlir::FloatType dst, mlir::Location l) {
  mlir::OpBuilder &b = fe.b;
  mlir::Type i128 = b.getIntegerType(128), i64 = b.getI64Type();
  mlir::Value zero = fe.constantInt(l, i128, 0);
  mlir::Value isZero =
      arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, mag, zero);
  mlir::Value lz = mlir::math::CountLeadingZerosOp::create(b, l, mag);
  // For zero the shift would be 128: use 0, the result is chosen below.
  mlir::Value shift = arith::SelectOp::create(b, l, isZero, zero, lz);
  mlir::Value norm = arith::ShLIOp::create(b, l, mag, shift);
  mlir::Value top = arith::TruncIOp::create(
      b, l, i64,
      arith::ShRUIOp::create(b, l, norm, fe.constantInt(l, i128, 64)));
  mlir::Value rest = arith::TruncIOp::create(b, l, i64, norm);
  mlir::Value sticky = arith::ExtUIOp::create(
      b, l, i64,
      arith::CmpIOp::create(b, l, arith::CmpIPredicate::ne, rest,
                            fe.constantInt(l, i64, 0)));
  mlir::Value m = arith::OrIOp::create(b, l, top, sticky);
  // In double: exact scaling for every 128-bit value.
  mlir::Type f64 = b.getF64Type();
  mlir::Value approx = arith::UIToFPOp::create(b, l, f64, m);
  mlir::Value k = arith::SubIOp::create(
      b, l, fe.constantInt(l, i64, 64),
      arith::TruncIOp::create(b, l, i64, shift)); // in [-63, 64]
  mlir::Value expBits = arith::ShLIOp::create(
      b, l, arith::AddIOp::create(b, l, k, fe.constantInt(l, i64, 1023)),
      fe.constantInt(l, i64, 52));
  mlir::Value scale = arith::BitcastOp::create(b, l, f64, expBits);
  mlir::Value r = arith::MulFOp::create(b, l, approx, scale);
  r = arith::SelectOp::create(b, l, isZero, fe.constantFloat(l, f64, 0.0), r);
  if (dst.getWidth() == 64)
    return r;
  // Narrower: round the 64 significant bits once, from the integer. (The
  // double above is exact only when the value fits its 53 bits.)
  mlir::Value direct = arith::UIToFPOp::create(b, l, dst, m);
  mlir::Value scaleNarrow = arith::TruncFOp::create(b, l, dst, scale);
  mlir::Value rn = arith::MulFOp::create(b, l, direct, scaleNarrow);
  return arith::SelectOp::create(b, l, isZero, fe.constantFloat(l, dst, 0.0),
                                 rn);
}

mlir::Value wideIntToFloat(FunctionEmitter &fe, mlir::Value v, bool isSigned,
                           mlir::FloatType dst, mlir::Location l) {
  mlir::OpBuilder &b = fe.b;
  mlir::Type i128 = b.getIntegerType(128);
  if (v.getType() != i128)
    v = isSigned ? arith::ExtSIOp::create(b, l, i128, v).getResult()
                 : arith::ExtUIOp::create(b, l, i128, v).getResult();
  if (!isSigned)
    return wideUnsignedToFloat(fe, v, dst, l);
  mlir::Value zero = fe.constantInt(l, i128, 0);
  mlir::Value negative =
      arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, v, zero);
  mlir::Value mag = arith::SelectOp::create(
      b, l, negative, arith::SubIOp::create(b, l, zero, v), v);
  mlir::Value r = wideUnsignedToFloat(fe, mag, dst, l);
  return arith::SelectOp::create(b, l, negative,
                                 arith::NegFOp::create(b, l, r), r);
}

// A float to an integer wider than 64 bits: the value is its significand
// shifted by its exponent (truncated toward zero, as C++ converts).
mlir::Value floatToWideInt(FunctionEmitter &fe, mlir::Value x, bool isSigned,
                           mlir::IntegerType dst, mlir::Location l) {
  mlir::OpBuilder &b = fe.b;
  mlir::Type i64 = b.getI64Type(), i128 = b.getIntegerType(128);
  if (!x.getType().isF64())
    x = arith::ExtFOp::create(b, l, b.getF64Type(), x);
  auto c64 = [&](int64_t v) { return fe.constantInt(l, i64, v); };
  mlir::Value bits = arith::BitcastOp::create(b, l, i64, x);
  mlir::Value exponent = arith::AndIOp::create(
      b, l, arith::ShRUIOp::create(b, l, bits, c64(52)), c64(0x7ff));
  mlir::Value mantissa = arith::OrIOp::create(
      b, l, arith::AndIOp::create(b, l, bits, c64((int64_t(1) << 52) - 1)),
      c64(int64_t(1) << 52));
  mlir::Value e = arith::SubIOp::create(b, l, exponent, c64(1075));
  // e >= 0: mantissa << e; e < 0: mantissa >> -e (0 once -e >= 53).
  mlir::Value up = arith::ShLIOp::create(
      b, l, arith::ExtUIOp::create(b, l, i128, mantissa),
      arith::ExtUIOp::create(
          b, l, i128,
          arith::SelectOp::create(
              b, l,
              arith::CmpIOp::create(b, l, arith::CmpIPredicate::sgt, e,
                                    c64(127)),
              c64(127), e)));
  mlir::Value down = arith::ShRUIOp::create(
      b, l, mantissa,
      arith::SelectOp::create(
          b, l,
          arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, e, c64(-63)),
          c64(63), arith::SubIOp::create(b, l, c64(0), e)));
  mlir::Value small = arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, e,
                                            c64(0));
  mlir::Value tiny = arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, e,
                                           c64(-63));
  mlir::Value downWide = arith::ExtUIOp::create(
      b, l, i128,
      arith::SelectOp::create(b, l, tiny, c64(0), down));
  mlir::Value mag = arith::SelectOp::create(b, l, small, downWide, up);
  // Below 1 the exponent bits are 0 or small: the shift above gives 0.
  mlir::Value r = mag;
  if (isSigned) {
    mlir::Value negative =
        arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, bits, c64(0));
    r = arith::SelectOp::create(
        b, l, negative,
        arith::SubIOp::create(b, l, fe.constantInt(l, i128, 0), mag), mag);
  }
  if (dst.getWidth() < 128)
    r = arith::TruncIOp::create(b, l, dst, r);
  return r;
}
} // namespace

mlir::Value FunctionEmitter::emitScalarConversion(mlir::Value v, QualType from,
                                                  QualType to,
                                                  mlir::Location l) {
  from = from.getCanonicalType().getUnqualifiedType();
  to = to.getCanonicalType().getUnqualifiedType();
  mlir::Type dst = valueType(to);
  if (!dst || v.getType() == dst)
    return v;
  if (to->isBooleanType())
    return emitToBool(v, l);
  mlir::Type src = v.getType();
  if (auto si = dyn_cast<mlir::IntegerType>(src)) {
    bool srcSigned = isSigned(from);
    if (auto di = dyn_cast<mlir::IntegerType>(dst)) {
      if (di.getWidth() > si.getWidth())
        return srcSigned ? arith::ExtSIOp::create(b, l, dst, v).getResult()
                         : arith::ExtUIOp::create(b, l, dst, v).getResult();
      return arith::TruncIOp::create(b, l, dst, v);
    }
    if (auto df = dyn_cast<mlir::FloatType>(dst)) {
      if (si.getWidth() > 64) {
        // f16/bf16 through double: the ways to round differ only in
        // values too large for them.
        if (df.getWidth() < 32)
          return arith::TruncFOp::create(
              b, l, dst,
              wideIntToFloat(*this, v, srcSigned, b.getF64Type(), l));
        return wideIntToFloat(*this, v, srcSigned, df, l);
      }
      return srcSigned ? arith::SIToFPOp::create(b, l, dst, v).getResult()
                       : arith::UIToFPOp::create(b, l, dst, v).getResult();
    }
  }
  if (auto sf = dyn_cast<mlir::FloatType>(src)) {
    if (auto di = dyn_cast<mlir::IntegerType>(dst)) {
      if (di.getWidth() > 64)
        return floatToWideInt(*this, v, isSigned(to), di, l);
      return isSigned(to) ? arith::FPToSIOp::create(b, l, dst, v).getResult()
                          : arith::FPToUIOp::create(b, l, dst, v).getResult();
    }
    if (auto df = dyn_cast<mlir::FloatType>(dst)) {
      if (df.getWidth() > sf.getWidth())
        return arith::ExtFOp::create(b, l, dst, v);
      if (df.getWidth() < sf.getWidth())
        return arith::TruncFOp::create(b, l, dst, v);
      // _Float16 <-> __bf16: through float, exactly.
      mlir::Value wide = arith::ExtFOp::create(b, l, b.getF32Type(), v);
      return arith::TruncFOp::create(b, l, dst, wide);
    }
  }
  if (isa<PtrType>(src) && isa<mlir::IntegerType>(dst)) {
    mlir::Value i = PtrToIntOp::create(b, l, b.getI64Type(), v);
    return emitScalarConversion(i, ast.UnsignedLongTy, to, l);
  }
  if (isa<mlir::IntegerType>(src) && isa<PtrType>(dst)) {
    mlir::Value i = emitScalarConversion(v, from, ast.UnsignedLongTy, l);
    return IntToPtrOp::create(b, l, dst, i);
  }
  ALLOY_UNREACHABLE("Sema/DeviceCodeChecker allows only these conversions");
}

// _Float16/__bf16 arithmetic in float: operands that are themselves such
// arithmetic stay in float, others are converted; the caller rounds once.
mlir::Value FunctionEmitter::emitPromotedScalarExpr(const Expr *e,
                                                    QualType promoted) {
  e = skipTransparent(e);
  mlir::Location l = loc(e->getExprLoc());
  ScalarExprEmitter emitter(*this);
  if (const auto *bo = dyn_cast<BinaryOperator>(e)) {
    switch (bo->getOpcode()) {
    case BO_Add:
    case BO_Sub:
    case BO_Mul:
    case BO_Div:
      if (excessPrecisionType(bo->getType(), ast))
        return emitter.emitBinOp(
            {emitPromotedScalarExpr(bo->getLHS(), promoted),
             emitPromotedScalarExpr(bo->getRHS(), promoted), promoted, promoted,
             promoted, bo->getOpcode(), bo, l});
      break;
    default:
      break;
    }
  }
  if (const auto *uo = dyn_cast<UnaryOperator>(e)) {
    if (uo->getOpcode() == UO_Minus && excessPrecisionType(uo->getType(), ast))
      return arith::NegFOp::create(
          b, l, emitPromotedScalarExpr(uo->getSubExpr(), promoted));
    if (uo->getOpcode() == UO_Plus)
      return emitPromotedScalarExpr(uo->getSubExpr(), promoted);
  }
  return emitScalarConversion(emitScalarExpr(e), e->getType(), promoted, l);
}

mlir::Value FunctionEmitter::emitConditional(
    const Expr *cond, const Expr *trueExpr, const Expr *falseExpr,
    mlir::Type resultType,
    llvm::function_ref<mlir::Value(const Expr *)> arm) {
  mlir::Location l = loc(cond->getExprLoc());
  mlir::Value c = emitCondition(cond);
  mlir::Block *thenBlock = newBlock(), *elseBlock = newBlock();
  mlir::Block *merge = newBlock();
  mlir::Value result;
  if (resultType)
    result = merge->addArgument(resultType, l);
  mlir::cf::CondBranchOp::create(b, l, c, thenBlock, elseBlock);
  ++conditionalDepth;
  for (auto [block, e] :
       {std::pair{thenBlock, trueExpr}, std::pair{elseBlock, falseExpr}}) {
    b.setInsertionPointToEnd(block);
    // An arm that throws (the standard library's `c ? x : throw ...`)
    // stops the kernel; the value it gives the merge is never used.
    bool throws = isa<CXXThrowExpr>(e->IgnoreParens());
    mlir::Value v = throws ? (emitIgnoredExpr(e), mlir::Value()) : arm(e);
    if (blockTerminated())
      continue;
    if (resultType && !v)
      v = zeroValue(resultType, l);
    if (resultType)
      mlir::cf::BranchOp::create(b, l, merge, mlir::ValueRange{v});
    else
      mlir::cf::BranchOp::create(b, l, merge);
  }
  --conditionalDepth;
  b.setInsertionPointToEnd(merge);
  return result;
}

} // namespace alloy
