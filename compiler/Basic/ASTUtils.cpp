#include "ASTUtils.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/TargetInfo.h"

using namespace clang;

namespace alloy {

const Expr *skipTransparent(const Expr *e) {
  while (true) {
    if (const auto *pe = dyn_cast<ParenExpr>(e))
      e = pe->getSubExpr();
    else if (const auto *da = dyn_cast<CXXDefaultArgExpr>(e))
      e = da->getExpr();
    else if (const auto *di = dyn_cast<CXXDefaultInitExpr>(e))
      e = di->getExpr();
    else if (const auto *st = dyn_cast<SubstNonTypeTemplateParmExpr>(e))
      e = st->getReplacement();
    else if (const auto *pi = dyn_cast<PackIndexingExpr>(e))
      e = pi->getSelectedExpr();
    else if (const auto *gs = dyn_cast<GenericSelectionExpr>(e);
             gs && !gs->isResultDependent())
      e = gs->getResultExpr();
    else if (const auto *ce = dyn_cast<ChooseExpr>(e);
             ce && !ce->isConditionDependent())
      e = ce->getChosenSubExpr();
    else if (const auto *uo = dyn_cast<UnaryOperator>(e);
             uo && uo->getOpcode() == UO_Extension)
      e = uo->getSubExpr();
    else
      return e;
  }
}

bool isClassNamed(QualType t, StringRef ns, StringRef name,
                  const ClassTemplateSpecializationDecl **spec) {
  const auto *rd = t->getAsCXXRecordDecl();
  const auto *s = dyn_cast_or_null<ClassTemplateSpecializationDecl>(rd);
  if (!s || s->getName() != name)
    return false;
  const auto *nsDecl =
      dyn_cast<NamespaceDecl>(s->getDeclContext()->getRedeclContext());
  while (nsDecl && nsDecl->isInline())
    nsDecl = dyn_cast<NamespaceDecl>(nsDecl->getDeclContext());
  if (!nsDecl || nsDecl->getName() != ns ||
      !nsDecl->getDeclContext()->getRedeclContext()->isTranslationUnit())
    return false;
  if (spec)
    *spec = s;
  return true;
}

static bool isThreadIndexClass(const CXXRecordDecl *rd) {
  if (!rd->getIdentifier() || (rd->getName() != "thread_index" &&
                               rd->getName() != "thread_index_2d"))
    return false;
  const auto *ns =
      dyn_cast<NamespaceDecl>(rd->getDeclContext()->getRedeclContext());
  return ns && ns->getName() == "gpu" &&
         ns->getDeclContext()->getRedeclContext()->isTranslationUnit();
}

bool holdsThreadIndex(QualType t) {
  t = t.getCanonicalType();
  while (const ArrayType *a = t->getAsArrayTypeUnsafe())
    t = a->getElementType().getCanonicalType();
  const CXXRecordDecl *rd = t->getAsCXXRecordDecl();
  if (!rd || !rd->hasDefinition())
    return false;
  rd = rd->getDefinition();
  if (isThreadIndexClass(rd))
    return true;
  for (const CXXBaseSpecifier &base : rd->bases())
    if (holdsThreadIndex(base.getType()))
      return true;
  for (const FieldDecl *field : rd->fields())
    if (holdsThreadIndex(field->getType()))
      return true;
  return false;
}

std::optional<StringRef> intrinsicName(const FunctionDecl *fn) {
  for (const auto *a : fn->specific_attrs<AnnotateAttr>()) {
    StringRef name = a->getAnnotation();
    if (name.consume_front(kIntrinsicPrefix))
      return name;
  }
  // The C library's printf (and std::printf) in device code is
  // gpu::printf, as in CUDA; the host code keeps calling the library's.
  if (fn->isExternC() && fn->isVariadic() && fn->getName() == "printf" &&
      fn->getNumParams() == 1)
    return StringRef("printf");
  return std::nullopt;
}

std::string qualifiedName(const FunctionDecl *fn) {
  std::string name;
  llvm::raw_string_ostream os(name);
  PrintingPolicy policy = fn->getASTContext().getPrintingPolicy();
  policy.SuppressTagKeyword = true;
  fn->getNameForDiagnostic(os, policy, /*Qualified=*/true);
  return name;
}

bool hasAnnotation(const Decl *d, StringRef annotation) {
  for (const auto *a : d->specific_attrs<AnnotateAttr>())
    if (a->getAnnotation() == annotation)
      return true;
  return false;
}

bool isKernel(const FunctionDecl *fn) {
  return hasAnnotation(fn, kKernelAnnotation);
}

bool isClockCall(const FunctionDecl *fn) {
  return fn->isExternC() && fn->getNumParams() == 0 && fn->getIdentifier() &&
         fn->getName() == "clock" && fn->getDeclContext()->getRedeclContext()
                                         ->isTranslationUnit();
}

bool isSharedArrayType(QualType t) {
  const auto *rd = t->getAsCXXRecordDecl();
  return rd && hasAnnotation(rd, kSharedArrayAnnotation);
}

bool isMayAliasParam(const ParmVarDecl *param) {
  return hasAnnotation(param, kMayAliasAnnotation);
}

bool isDynamicSharedVariable(const VarDecl *vd) {
  return llvm::any_of(vd->redecls(), [](const VarDecl *r) {
    return hasAnnotation(r, kDynamicSharedAnnotation);
  });
}

DeviceGlobal deviceGlobalKind(const VarDecl *vd) {
  DeviceGlobal kind = DeviceGlobal::none;
  for (const VarDecl *r : vd->redecls())
    for (const auto *a : r->specific_attrs<AnnotateAttr>()) {
      if (a->getAnnotation() == kConstantGlobalAnnotation)
        return DeviceGlobal::constant;
      if (a->getAnnotation() == kDeviceGlobalAnnotation)
        kind = DeviceGlobal::device;
    }
  return kind;
}

bool mayBeDeviceGlobal(const VarDecl *vd) {
  return !isa<ParmVarDecl>(vd) && vd->hasGlobalStorage() &&
         !vd->isStaticLocal();
}

bool isSharedVariable(const VarDecl *vd) {
  return hasAnnotation(vd, kSharedVariableAnnotation);
}

std::optional<APValue> foldScalar(const Expr *e, ASTContext &ast) {
  if (e->isValueDependent() || !e->isPRValue())
    return std::nullopt;
  QualType t = e->getType().getCanonicalType();
  if (!(t->isIntegralOrEnumerationType() || t->isRealFloatingType() ||
        t->isMemberDataPointerType()))
    return std::nullopt;
  Expr::EvalResult result;
  if (!e->EvaluateAsRValue(result, ast) || result.HasSideEffects)
    return std::nullopt;
  if (!result.Val.isInt() && !result.Val.isFloat() &&
      !result.Val.isMemberPointer())
    return std::nullopt;
  return result.Val;
}

std::optional<std::string> libraryThrow(const Expr *e, ASTContext &ast) {
  const SourceManager &sm = ast.getSourceManager();
  if (!sm.isInSystemHeader(sm.getExpansionLoc(e->getExprLoc())))
    return std::nullopt;
  if (const auto *t = dyn_cast<CXXThrowExpr>(e)) {
    if (!t->getSubExpr())
      return "an exception"; // throw; (a rethrow)
    PrintingPolicy policy = ast.getPrintingPolicy();
    policy.FullyQualifiedName = true;
    policy.SuppressScope = false;
    policy.SuppressTagKeyword = true;
    return t->getSubExpr()->getType().getUnqualifiedType().getAsString(policy);
  }
  const auto *call = dyn_cast<CallExpr>(e);
  const FunctionDecl *callee = call ? call->getDirectCallee() : nullptr;
  if (!callee || !callee->getIdentifier() || callee->hasBody() ||
      !callee->isInStdNamespace())
    return std::nullopt;
  StringRef name = callee->getName();
  if (!name.consume_front("__throw_"))
    return std::nullopt;
  name.consume_back("_fmt");
  return ("std::" + name).str();
}

int64_t memberPointerOffset(const APValue &value, ASTContext &ast) {
  const ValueDecl *member = value.getMemberPointerDecl();
  if (!member)
    return kNullMemberPointer;
  return ast.toCharUnitsFromBits(int64_t(ast.getFieldOffset(member)))
             .getQuantity() +
         ast.getMemberPointerPathAdjustment(value).getQuantity();
}

bool holdsMemberPointer(QualType t, ASTContext &ast) {
  t = t.getCanonicalType();
  if (t->isMemberDataPointerType())
    return true;
  if (const auto *at = ast.getAsArrayType(t))
    return holdsMemberPointer(at->getElementType(), ast);
  const auto *rd = t->getAsCXXRecordDecl();
  if (!rd || !rd->hasDefinition())
    return false;
  for (const CXXBaseSpecifier &base : rd->bases())
    if (holdsMemberPointer(base.getType(), ast))
      return true;
  for (const FieldDecl *f : rd->fields())
    if (holdsMemberPointer(f->getType(), ast))
      return true;
  return false;
}

std::optional<bool> foldCondition(const Expr *cond, ASTContext &ast) {
  if (cond->isValueDependent())
    return std::nullopt;
  Expr::EvalResult result;
  if (!cond->EvaluateAsRValue(result, ast) || result.HasSideEffects)
    return std::nullopt;
  if (result.Val.isInt())
    return result.Val.getInt().getBoolValue();
  return std::nullopt;
}

bool containsLabel(const Stmt *s) {
  if (!s)
    return false;
  if (isa<LabelStmt>(s) || isa<SwitchCase>(s))
    return true;
  if (isa<SwitchStmt>(s))
    return false; // its cases belong to it
  for (const Stmt *child : s->children())
    if (containsLabel(child))
      return true;
  return false;
}

std::optional<const Stmt *> onlyReachedArm(const IfStmt *s, ASTContext &ast) {
  if (s->isConsteval())
    return s->isNegatedConsteval() ? s->getThen() : s->getElse();
  if (s->isConstexpr()) {
    std::optional<bool> taken = foldCondition(s->getCond(), ast);
    return taken.value_or(true) ? s->getThen() : s->getElse();
  }
  if (s->getConditionVariable())
    return std::nullopt;
  std::optional<bool> known = foldCondition(s->getCond(), ast);
  if (!known || containsLabel(*known ? s->getElse() : s->getThen()))
    return std::nullopt;
  return *known ? s->getThen() : s->getElse();
}

bool needsDestruction(QualType t, ASTContext &ast) {
  t = ast.getBaseElementType(t);
  const auto *rd = t->getAsCXXRecordDecl();
  return rd && rd->hasDefinition() && !rd->hasTrivialDestructor();
}

std::optional<QualType> excessPrecisionType(QualType t, ASTContext &ast) {
  t = t.getCanonicalType();
  const TargetInfo &target = ast.getTargetInfo();
  const LangOptions &lang = ast.getLangOpts();
  if (t->isFloat16Type() && !target.hasFastHalfType() &&
      lang.getFloat16ExcessPrecision() != LangOptions::FPP_None)
    return ast.FloatTy;
  if (t->isBFloat16Type() && !target.hasFullBFloat16Type() &&
      lang.getBFloat16ExcessPrecision() != LangOptions::FPP_None)
    return ast.FloatTy;
  return std::nullopt;
}

} // namespace alloy
