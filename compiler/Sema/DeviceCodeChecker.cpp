#include "DeviceCodeChecker.h"
#include "Basic/ASTUtils.h"
#include "Basic/Builtins.h"
#include "Basic/Casts.h"
#include "Basic/ConstantBytes.h"
#include "Basic/DeviceIntrinsics.h"
#include "Basic/DeviceTypes.h"
#include "Basic/Diagnostics.h"
#include "Basic/MathFunctions.h"
#include "Basic/PtxAsm.h"
#include "Basic/StmtKinds.h"
#include "KernelSignature.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/StmtVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringSwitch.h"

#include <deque>

using namespace clang;

namespace alloy {

class DeviceCodeChecker::Impl {
public:
  Impl(ASTContext &ast, DiagnosticsEngine &diags, bool libraryThrowTraps)
      : ast(ast), diags(diags), libraryThrowTraps(libraryThrowTraps) {}

  bool check(ArrayRef<const FunctionDecl *> kernels);
  // Queues `callee` (reached from `from` at `use`); reports a missing body.
  void reach(const FunctionDecl *callee, SourceLocation use,
             const FunctionDecl *from);
  void reachDestructor(QualType t, SourceLocation use, const FunctionDecl *from);

  // An error in `fn`, followed by the note that shows how a kernel reaches
  // `fn` (emitted when the returned object dies).
  class Report {
  public:
    Report(Impl &impl, SourceLocation loc, diag::Kind kind,
           const FunctionDecl *fn)
        : impl(impl), fn(fn), loc(loc), builder(report(impl.diags, loc, kind)) {
    }
    Report(Report &&) = delete;
    ~Report() {
      builder.reset();
      impl.noteChain(fn, loc);
    }
    template <class T> Report &operator<<(const T &v) {
      *builder << v;
      return *this;
    }

  private:
    Impl &impl;
    const FunctionDecl *fn;
    SourceLocation loc;
    std::optional<DiagnosticBuilder> builder;
  };
  Report error(SourceLocation loc, diag::Kind kind, const FunctionDecl *fn) {
    ++errors;
    return Report(*this, loc, kind, fn);
  }
  void warning(SourceLocation loc, diag::Kind kind, StringRef a, StringRef b) {
    report(diags, loc, kind) << a << b;
  }

  ASTContext &ast;
  DiagnosticsEngine &diags;
  bool libraryThrowTraps;
  unsigned errors = 0;
  llvm::DenseSet<const FunctionDecl *> reachedSet;

private:
  void checkFunction(const FunctionDecl *fn);
  void noteChain(const FunctionDecl *fn, SourceLocation error);

  struct Origin {
    const FunctionDecl *caller = nullptr;
    SourceLocation use;
  };
  llvm::DenseMap<const FunctionDecl *, Origin> origins;
  std::deque<const FunctionDecl *> work;
};

namespace {

// ptxas's limit on the shared memory a block declares in code (dynamic
// shared memory may go beyond it).
constexpr uint64_t kMaxStaticShared = 48 * 1024;
constexpr uint64_t kMaxConstantGlobal = 64 * 1024; // the GPU's constant bank

uint64_t sharedBytes(const ASTContext &ast, QualType t) {
  return t->isIncompleteType() || t->isDependentType()
             ? 0
             : uint64_t(ast.getTypeSizeInChars(t).getQuantity());
}

bool isSystem(ASTContext &ast, SourceLocation loc) {
  return loc.isValid() && ast.getSourceManager().isInSystemHeader(loc);
}

// What to use instead of a host library function, for the message.
StringRef hostHint(StringRef name) {
  return llvm::StringSwitch<StringRef>(name)
      .Cases({"printf", "puts", "putchar", "fprintf", "fputs", "fputc",
              "vprintf", "vfprintf", "fwrite", "perror"},
             "; use gpu::printf")
      .Cases({"malloc", "calloc", "realloc", "free", "aligned_alloc"},
             "; Alloy has no device heap")
      .Cases({"exit", "_Exit", "quick_exit"}, "; use gpu::trap()")
      .Default("");
}

// Walks one function body the way the emitters will lower it.
class BodyChecker : public ConstStmtVisitor<BodyChecker> {
public:
  using Impl = DeviceCodeChecker::Impl;
  BodyChecker(Impl &c, const FunctionDecl *fn) : c(c), ast(c.ast), fn(fn) {}
  bool warnedFPPragma = false;

  void walk(const Stmt *s) {
    if (!s)
      return;
    // An expression of a type the GPU cannot hold is one error; what is
    // inside it would only repeat it.
    if (const auto *e = dyn_cast<Expr>(s))
      if (!checkType(e->getType(), e->getExprLoc()))
        return;
    Visit(s);
  }
  void walkChildren(const Stmt *s) {
    for (const Stmt *child : s->children())
      walk(child);
  }
  void checkVarDecl(const VarDecl *vd);
  // A [[gpu::device]] or [[gpu::constant]] variable's definition.
  void checkDeviceGlobalDefinition(const VarDecl *def);
  void checkInits(const CXXConstructorDecl *ctor);

  // --- Statements ------------------------------------------------------
  void VisitStmt(const Stmt *s) { unsupported(s); }
  void VisitCompoundStmt(const CompoundStmt *s) { walkChildren(s); }
  void VisitNullStmt(const NullStmt *) {}
  void VisitDeclStmt(const DeclStmt *s) {
    for (const Decl *d : s->decls())
      if (const auto *vd = dyn_cast<VarDecl>(d))
        checkVarDecl(vd);
  }
  void VisitReturnStmt(const ReturnStmt *s) { walk(s->getRetValue()); }
  void VisitAttributedStmt(const AttributedStmt *s);
  void VisitIfStmt(const IfStmt *s);
  void VisitWhileStmt(const WhileStmt *s) { walkChildren(s); }
  void VisitDoStmt(const DoStmt *s) { walkChildren(s); }
  void VisitForStmt(const ForStmt *s) { walkChildren(s); }
  void VisitCXXForRangeStmt(const CXXForRangeStmt *s) { walkChildren(s); }
  void VisitBreakStmt(const BreakStmt *) {}
  void VisitContinueStmt(const ContinueStmt *) {}
  void VisitGotoStmt(const GotoStmt *) {}
  void VisitLabelStmt(const LabelStmt *s) { walk(s->getSubStmt()); }
  void VisitSwitchStmt(const SwitchStmt *s) { walkChildren(s); }
  void VisitCaseStmt(const CaseStmt *s) {
    if (s->caseStmtIsGNURange())
      c.error(s->getBeginLoc(), diag::err_device_case_range, fn);
    walk(s->getSubStmt());
  }
  void VisitDefaultStmt(const DefaultStmt *s) { walk(s->getSubStmt()); }
  void VisitCXXTryStmt(const CXXTryStmt *s) {
    c.error(s->getBeginLoc(), diag::err_device_try, fn);
  }
  void VisitAsmStmt(const AsmStmt *s) {
    c.error(s->getAsmLoc(), diag::err_device_asm, fn);
  }
  void VisitGCCAsmStmt(const GCCAsmStmt *s);
  bool checkPtxAsmCall(const CallExpr *e);
  void VisitIndirectGotoStmt(const IndirectGotoStmt *s) {
    computedGoto(s->getBeginLoc());
  }
  void VisitCoroutineBodyStmt(const CoroutineBodyStmt *s) {
    c.error(firstCoroutineStatement(s->getBody()).value_or(s->getBeginLoc()),
            diag::err_device_coroutine, fn);
  }
  void VisitCoreturnStmt(const CoreturnStmt *s) {
    c.error(s->getBeginLoc(), diag::err_device_coroutine, fn);
  }

  // --- Expressions -----------------------------------------------------
  void VisitIntegerLiteral(const IntegerLiteral *) {}
  void VisitFloatingLiteral(const FloatingLiteral *) {}
  void VisitCharacterLiteral(const CharacterLiteral *) {}
  void VisitCXXBoolLiteralExpr(const CXXBoolLiteralExpr *) {}
  void VisitCXXNullPtrLiteralExpr(const CXXNullPtrLiteralExpr *) {}
  void VisitGNUNullExpr(const GNUNullExpr *) {}
  void VisitStringLiteral(const StringLiteral *) {}
  void VisitPredefinedExpr(const PredefinedExpr *) {}
  void VisitCXXThisExpr(const CXXThisExpr *) {}
  void VisitImplicitValueInitExpr(const ImplicitValueInitExpr *) {}
  void VisitCXXScalarValueInitExpr(const CXXScalarValueInitExpr *) {}
  void VisitNoInitExpr(const NoInitExpr *) {}
  void VisitArrayInitIndexExpr(const ArrayInitIndexExpr *) {}
  void VisitOpaqueValueExpr(const OpaqueValueExpr *) {}
  // Compile-time values.
  void VisitUnaryExprOrTypeTraitExpr(const UnaryExprOrTypeTraitExpr *e) {
    if (e->getKind() == UETT_SizeOf && e->getTypeOfArgument()->isVariableArrayType())
      c.error(e->getExprLoc(), diag::err_device_vla, fn);
  }
  void VisitOffsetOfExpr(const OffsetOfExpr *) {}
  void VisitTypeTraitExpr(const TypeTraitExpr *) {}
  void VisitArrayTypeTraitExpr(const ArrayTypeTraitExpr *) {}
  void VisitExpressionTraitExpr(const ExpressionTraitExpr *) {}
  void VisitCXXNoexceptExpr(const CXXNoexceptExpr *) {}
  void VisitSizeOfPackExpr(const SizeOfPackExpr *) {}
  void VisitConceptSpecializationExpr(const ConceptSpecializationExpr *) {}
  void VisitRequiresExpr(const RequiresExpr *) {}
  // An immediate invocation or constant: its value, never its code.
  void VisitConstantExpr(const ConstantExpr *e) {
    if (foldScalar(e, ast))
      return;
    if (e->hasAPValueResult()) {
      APValue v = e->getAPValueResult();
      if (!v.isInt() && !v.isFloat() && !v.isAbsent() &&
          !constantBytes(ast, v, e->getType()))
        c.error(e->getBeginLoc(), diag::err_device_constant_value_no_bytes, fn)
            << e->getType();
      if (!v.isAbsent())
        return;
    }
    walk(e->getSubExpr());
  }
  // Wrappers.
  void VisitParenExpr(const ParenExpr *e) { walk(e->getSubExpr()); }
  void VisitExprWithCleanups(const ExprWithCleanups *e) {
    walk(e->getSubExpr());
  }
  void VisitMaterializeTemporaryExpr(const MaterializeTemporaryExpr *e) {
    walk(e->getSubExpr());
  }
  void VisitCXXBindTemporaryExpr(const CXXBindTemporaryExpr *e) {
    unsigned before = c.errors;
    walk(e->getSubExpr());
    if (const CXXDestructorDecl *dtor = e->getTemporary()->getDestructor())
      if (c.errors == before)
        c.reach(dtor, useLoc(e->getExprLoc()), fn);
  }
  void VisitCompoundLiteralExpr(const CompoundLiteralExpr *e) {
    walk(e->getInitializer());
  }
  void VisitCXXDefaultArgExpr(const CXXDefaultArgExpr *e) {
    walkAt(e->getUsedLocation(), [&] { walk(e->getExpr()); });
  }
  void VisitCXXDefaultInitExpr(const CXXDefaultInitExpr *e) {
    walkAt(e->getUsedLocation(), [&] { walk(e->getExpr()); });
  }
  void VisitSubstNonTypeTemplateParmExpr(const SubstNonTypeTemplateParmExpr *e) {
    walk(e->getReplacement());
  }
  void VisitPackIndexingExpr(const PackIndexingExpr *e) {
    walk(e->getSelectedExpr());
  }
  void VisitGenericSelectionExpr(const GenericSelectionExpr *e) {
    walk(e->getResultExpr());
  }
  void VisitChooseExpr(const ChooseExpr *e) { walk(e->getChosenSubExpr()); }
  void VisitStmtExpr(const StmtExpr *e) { walk(e->getSubStmt()); }
  // Names.
  void VisitDeclRefExpr(const DeclRefExpr *e) { checkDeclRef(e->getDecl(), e); }
  void VisitMemberExpr(const MemberExpr *e);
  void VisitArraySubscriptExpr(const ArraySubscriptExpr *e) {
    walkChildren(e);
  }
  // Operators.
  void VisitUnaryOperator(const UnaryOperator *e);
  void VisitBinaryOperator(const BinaryOperator *e);
  void VisitConditionalOperator(const ConditionalOperator *e) {
    walkChildren(e);
  }
  void VisitBinaryConditionalOperator(const BinaryConditionalOperator *e) {
    walk(e->getCommon());
    walk(e->getFalseExpr());
  }
  void VisitCXXRewrittenBinaryOperator(const CXXRewrittenBinaryOperator *e) {
    walk(e->getSemanticForm());
  }
  void VisitCastExpr(const CastExpr *e);
  void VisitBuiltinBitCastExpr(const BuiltinBitCastExpr *e) {
    if (holdsThreadIndex(e->getType()))
      c.error(e->getExprLoc(), diag::err_thread_index_forged, fn)
          << "std::bit_cast";
    walk(e->getSubExpr());
  }
  // Calls and objects.
  void VisitCallExpr(const CallExpr *e);
  void VisitCXXConstructExpr(const CXXConstructExpr *e);
  void VisitCXXInheritedCtorInitExpr(const CXXInheritedCtorInitExpr *e) {
    c.reach(e->getConstructor(), useLoc(e->getExprLoc()), fn);
  }
  void VisitInitListExpr(const InitListExpr *e) {
    for (const Expr *init : e->inits())
      walk(init);
    walk(e->getArrayFiller());
  }
  void VisitCXXParenListInitExpr(const CXXParenListInitExpr *e) {
    for (const Expr *init : e->getInitExprs())
      walk(init);
    walk(e->getArrayFiller());
  }
  void VisitDesignatedInitExpr(const DesignatedInitExpr *e) {
    walk(e->getInit());
  }
  void VisitArrayInitLoopExpr(const ArrayInitLoopExpr *e) {
    walk(e->getCommonExpr()->getSourceExpr());
    walk(e->getSubExpr());
  }
  void VisitCXXStdInitializerListExpr(const CXXStdInitializerListExpr *e) {
    walk(e->getSubExpr());
  }
  void VisitLambdaExpr(const LambdaExpr *e) {
    // The body is checked when the lambda is called.
    for (const Expr *init : e->capture_inits())
      walk(init);
  }
  void VisitCXXNewExpr(const CXXNewExpr *e);
  void VisitCXXDeleteExpr(const CXXDeleteExpr *e) {
    c.error(e->getBeginLoc(), diag::err_device_heap, fn) << 1;
  }
  void VisitCXXThrowExpr(const CXXThrowExpr *e) {
    // The standard library's throws stop the kernel (the exception object
    // is never made).
    if (!c.libraryThrowTraps || !libraryThrow(e, ast))
      c.error(e->getBeginLoc(), diag::err_device_throw, fn);
  }
  void VisitCXXTypeidExpr(const CXXTypeidExpr *e) {
    c.error(e->getBeginLoc(), diag::err_device_rtti, fn) << 0;
  }
  void VisitAddrLabelExpr(const AddrLabelExpr *e) {
    computedGoto(e->getBeginLoc());
  }
  void VisitAtomicExpr(const AtomicExpr *e) {
    c.error(e->getBeginLoc(), diag::err_device_atomic_builtin, fn);
  }
  void VisitSourceLocExpr(const SourceLocExpr *e) {
    if (e->getIdentKind() == SourceLocIdentKind::SourceLocStruct)
      c.error(e->getBeginLoc(), diag::err_device_construct, fn)
          << "std::source_location (its value points to host data)";
  }
  void VisitCoroutineSuspendExpr(const CoroutineSuspendExpr *e) {
    c.error(e->getBeginLoc(), diag::err_device_coroutine, fn);
  }
  void VisitCXXPseudoDestructorExpr(const CXXPseudoDestructorExpr *e) {
    walk(e->getBase());
  }

private:
  void computedGoto(SourceLocation loc) {
    if (!reportedComputedGoto)
      c.error(loc, diag::err_device_computed_goto, fn);
    reportedComputedGoto = true;
  }
  static std::optional<SourceLocation>
  firstCoroutineStatement(const Stmt *s) {
    if (!s)
      return std::nullopt;
    if (isa<CoreturnStmt, CoroutineSuspendExpr>(s))
      return s->getBeginLoc();
    for (const Stmt *child : s->children())
      if (auto loc = firstCoroutineStatement(child))
        return loc;
    return std::nullopt;
  }
  void unsupported(const Stmt *s) {
    std::string what = std::string("a '") + s->getStmtClassName() + "'" +
                       (isa<Expr>(s) ? " expression" : " statement");
    c.error(s->getBeginLoc(), diag::err_device_construct, fn) << what;
  }
  // False (after reporting it once) when the GPU cannot hold a `t`.
  bool checkType(QualType t, SourceLocation loc);
  // Where a call inside a default argument or member initializer is used:
  // the call of the function whose default argument it is.
  SourceLocation useLoc(SourceLocation loc) const {
    return defaultUse.isValid() ? defaultUse : loc;
  }
  template <class Walk> void walkAt(SourceLocation use, Walk walkIt) {
    SourceLocation saved = defaultUse;
    if (defaultUse.isInvalid())
      defaultUse = use;
    walkIt();
    defaultUse = saved;
  }
  bool checkCallee(const CallExpr *e, const FunctionDecl *callee,
                   const FunctionDecl *&target);
  void checkDeclRef(const ValueDecl *d, const Expr *use);
  void checkGlobal(const VarDecl *vd, const Expr *use);
  void checkDeviceGlobal(const VarDecl *vd, SourceLocation loc);
  void checkConstantWrite(const Expr *target, SourceLocation loc);
  void checkCallee(const CallExpr *e, const FunctionDecl *callee);
  void checkPolymorphic(const CXXRecordDecl *rd, SourceLocation loc);

  Impl &c;
  ASTContext &ast;
  const FunctionDecl *fn;
  llvm::DenseSet<const Type *> reportedTypes;
  llvm::DenseSet<const Decl *> reportedDecls;
  llvm::DenseSet<const Stmt *> ifBranches;
  SourceLocation defaultUse;
  bool reportedComputedGoto = false;
};

#define ALLOY_VISITOR BodyChecker
#include "Basic/CheckerHandlesTable.inc"

bool BodyChecker::checkType(QualType t, SourceLocation loc) {
  if (t.isNull())
    return true;
  if (const auto *bt = t->getAs<BuiltinType>())
    if (bt->isPlaceholderType() || bt->isDependentType())
      return true;
  const char *reason = unsupportedTypeReason(t, ast);
  if (!reason)
    return true;
  if (!reportedTypes.insert(t.getCanonicalType().getTypePtr()).second)
    return false;
  if (t->isVariableArrayType())
    c.error(loc, diag::err_device_vla, fn);
  else if (t->isMemberPointerType())
    c.error(loc, diag::err_device_member_pointer, fn);
  else
    c.error(loc, diag::err_device_type, fn) << t << reason;
  return false;
}

void BodyChecker::checkPolymorphic(const CXXRecordDecl *rd,
                                   SourceLocation loc) {
  if (!rd || !rd->hasDefinition())
    return;
  if (rd->isPolymorphic())
    c.error(loc, diag::err_device_polymorphic_object, fn)
        << ast.getCanonicalTagType(rd);
  else if (rd->getNumVBases())
    c.error(loc, diag::err_device_virtual_base, fn)
        << rd->vbases_begin()->getType();
}

// 0 when `t` (or its array element type) is a class annotated
// alloy.shared_only (gpu::mbarrier), 1 when it holds one as a base or
// member, -1 otherwise.
static int holdsSharedOnly(QualType t) {
  t = t.getCanonicalType();
  while (const ArrayType *a = t->getAsArrayTypeUnsafe())
    t = a->getElementType().getCanonicalType();
  const CXXRecordDecl *rd = t->getAsCXXRecordDecl();
  if (!rd || !rd->hasDefinition())
    return -1;
  rd = rd->getDefinition();
  if (hasAnnotation(rd, "alloy.shared_only"))
    return 0;
  for (const CXXBaseSpecifier &base : rd->bases())
    if (holdsSharedOnly(base.getType()) >= 0)
      return 1;
  for (const FieldDecl *field : rd->fields())
    if (holdsSharedOnly(field->getType()) >= 0)
      return 1;
  return -1;
}

void BodyChecker::checkVarDecl(const VarDecl *vd) {
  SourceLocation loc = vd->getLocation();
  QualType t = vd->getType();
  if (isDynamicSharedVariable(vd))
    return; // extern __shared__: names the launch's dynamic shared memory
  // A constexpr scalar is a constant, whatever its type: its uses fold.
  if (vd->isConstexpr() && t->isScalarType() && !vd->isStaticLocal() &&
      vd->getTLSKind() == VarDecl::TLS_None)
    return;
  if (!checkType(t, loc))
    return;
  if (vd->getTLSKind() != VarDecl::TLS_None) {
    c.error(loc, diag::err_device_thread_local, fn) << vd;
    return;
  }
  if (vd->isStaticLocal()) {
    if (vd->isConstexpr() && t->isScalarType())
      return;
    if (!t.isConstQualified())
      c.error(loc, diag::err_device_mutable_global, fn) << 2 << vd;
    else if (std::optional<uint64_t> size = oversizedConstant(ast, t))
      c.error(loc, diag::err_device_constant_too_large, fn) << vd << *size;
    else if (!constantVariableBytes(ast, vd))
      c.error(loc, diag::err_device_constant_not_constant, fn) << vd;
    return;
  }
  if (isSharedVariable(vd) || isSharedArrayType(t)) {
    bool isArray = isSharedArrayType(t);
    // No initializer but the implicit default construction.
    const auto *ctor = dyn_cast_or_null<CXXConstructExpr>(vd->getInit());
    bool written = vd->getInit() &&
                   (!ctor || ctor->getNumArgs() > 0 ||
                    ctor->isListInitialization() ||
                    ctor->getParenOrBraceRange().isValid());
    QualType base = ast.getBaseElementType(t);
    const auto *rd = base->getAsCXXRecordDecl();
    if (written)
      c.error(loc, diag::err_device_shared_init, fn) << (isArray ? 0 : 1);
    else if (rd && rd->hasDefinition() &&
             (!rd->hasTrivialDefaultConstructor() ||
              !rd->hasTrivialDestructor()))
      c.error(loc, diag::err_device_shared_type, fn) << t;
    else if (uint64_t size = sharedBytes(ast, t); size > kMaxStaticShared)
      c.error(loc, diag::err_device_shared_too_large, fn)
          << (isArray ? 0 : 1) << size;
    return;
  }
  // A gpu::mbarrier (a class annotated alloy.shared_only), or an object
  // holding one, exists only in shared memory.
  if (int holds = holdsSharedOnly(t); holds >= 0) {
    c.error(loc, diag::err_device_shared_only, fn) << t << holds << vd;
    return;
  }
  if (needsDestruction(t, ast))
    c.reachDestructor(t, loc, fn);
  if (const auto *dd = dyn_cast<DecompositionDecl>(vd)) {
    walk(vd->getInit());
    for (const BindingDecl *b : dd->bindings())
      if (const VarDecl *holding = b->getHoldingVar())
        checkVarDecl(holding);
    return;
  }
  // A constexpr local is a constant: its initializer is never run.
  if (vd->isConstexpr() &&
      (t->isScalarType() || constantVariableBytes(ast, vd)))
    return;
  walk(vd->getInit());
}

void BodyChecker::checkInits(const CXXConstructorDecl *ctor) {
  for (const CXXCtorInitializer *init : ctor->inits()) {
    if (init->isBaseInitializer() && init->isBaseVirtual()) {
      SourceLocation loc = init->getSourceLocation();
      c.error(loc.isValid() ? loc : ctor->getLocation(),
              diag::err_device_virtual_base, fn)
          << QualType(init->getBaseClass(), 0);
      continue;
    }
    if (const FieldDecl *f = init->getAnyMember())
      if (f->isBitField() && f->getBitWidthValue() >
                                 ast.getTypeSize(f->getType()))
        c.error(f->getLocation(), diag::err_device_bitfield_layout, fn) << f;
    walk(init->getInit());
  }
}

void BodyChecker::VisitAttributedStmt(const AttributedStmt *s) {
  for (const Attr *a : s->getAttrs()) {
    if (const auto *hint = dyn_cast<LoopHintAttr>(a)) {
      if (hint->getState() == LoopHintAttr::AssumeSafety)
        c.warning(hint->getLocation(), diag::warn_device_loop_hint,
                  "vectorize(assume_safety)",
                  "it needs memory-dependence facts Alloy does not record; "
                  "vectorize(enable) is honoured");
      continue;
    }
    // [[likely]] and [[unlikely]] are honoured on the branches of an if.
    if (isa<LikelyAttr, UnlikelyAttr>(a) && ifBranches.contains(s))
      continue;
    if (isa<FallThroughAttr, CXXAssumeAttr>(a))
      continue;
    if (!isSystem(ast, a->getLocation()))
      c.warning(a->getLocation(), diag::warn_device_attribute_ignored,
                a->getSpelling(), "");
  }
  for (const Attr *a : s->getAttrs())
    if (const auto *assume = dyn_cast<CXXAssumeAttr>(a))
      walk(assume->getAssumption());
  walk(s->getSubStmt());
}

void BodyChecker::VisitIfStmt(const IfStmt *s) {
  std::optional<const Stmt *> only = onlyReachedArm(s, ast);
  if (s->isConsteval()) {
    walk(*only);
    return;
  }
  walk(s->getInit());
  if (const VarDecl *cv = s->getConditionVariable())
    checkVarDecl(cv);
  if (only) {
    walk(*only);
    return;
  }
  walk(s->getCond());
  ifBranches.insert(s->getThen());
  if (s->getElse())
    ifBranches.insert(s->getElse());
  walk(s->getThen());
  walk(s->getElse());
}

// libstdc++'s table of function pointers behind std::visit of several
// variants (or of one with more than 11 alternatives).
static bool isVisitTable(const VarDecl *vd) {
  const auto *rd = dyn_cast<CXXRecordDecl>(vd->getDeclContext());
  return rd && vd->getName() == "_S_vtable" &&
         rd->getQualifiedNameAsString() ==
             "std::__detail::__variant::__gen_vtable";
}

void BodyChecker::checkGlobal(const VarDecl *vd, const Expr *use) {
  SourceLocation loc = use->getExprLoc();
  if (reportedDecls.contains(vd) || isDynamicSharedVariable(vd))
    return;
  // Every error below is worth one report per function.
  unsigned before = c.errors;
  auto done = llvm::scope_exit([&] {
    if (c.errors != before)
      reportedDecls.insert(vd);
  });
  QualType base = vd->getType().getNonReferenceType();
  if (isClassNamed(base, "std", "basic_ostream") ||
      isClassNamed(base, "std", "basic_istream") ||
      isClassNamed(base, "std", "basic_iostream") ||
      (vd->getName() == "stdout" || vd->getName() == "stderr" ||
       vd->getName() == "stdin")) {
    c.error(loc, diag::err_device_host_io, fn) << vd;
    return;
  }
  if (vd->getTLSKind() != VarDecl::TLS_None) {
    c.error(loc, diag::err_device_thread_local, fn) << vd;
    return;
  }
  if (foldScalar(use, ast))
    return;
  if (deviceGlobalKind(vd) != DeviceGlobal::none) {
    checkDeviceGlobal(vd, loc);
    return;
  }
  if (!vd->getType().isConstQualified() || vd->getType()->isReferenceType()) {
    c.error(loc, diag::err_device_mutable_global, fn)
        << (vd->isStaticDataMember() ? 1 : vd->isStaticLocal() ? 2 : 0) << vd;
    return;
  }
  if ((vd->isConstexpr() || vd->isUsableInConstantExpressions(ast)) &&
      vd->getType()->isScalarType())
    return;
  const VarDecl *withInit = nullptr;
  if (!vd->getAnyInitializer(withInit) || !withInit ||
      !withInit->evaluateValue())
    c.error(loc, diag::err_device_constant_not_constant, fn) << vd;
  else if (std::optional<uint64_t> size =
               oversizedConstant(ast, vd->getType()))
    c.error(loc, diag::err_device_constant_too_large, fn) << vd << *size;
  else if (isVisitTable(vd))
    c.error(loc, diag::err_device_std_visit_table, fn);
  else if (!constantVariableBytes(ast, vd))
    c.error(loc, diag::err_device_constant_no_bytes, fn) << vd;
}

void BodyChecker::checkDeviceGlobal(const VarDecl *vd, SourceLocation loc) {
  // The definition's own checks are checkDeviceGlobalDefinition's.
  if (!vd->getDefinition())
    c.error(loc, diag::err_device_global_extern, fn) << vd;
}

void BodyChecker::checkDeviceGlobalDefinition(const VarDecl *def) {
  SourceLocation loc = def->getLocation();
  QualType t = def->getType();
  bool templated = def->isTemplated() ||
                   def->getTemplateSpecializationKind() != TSK_Undeclared;
  if (templated || def->isInline()) {
    c.error(loc, diag::err_device_global_template, fn) << def << unsigned(templated);
    return;
  }
  if (!checkType(t, loc))
    return;
  if (t->isReferenceType() || !t.isTriviallyCopyableType(ast)) {
    c.error(loc, diag::err_device_global_type, fn) << def << t;
    return;
  }
  uint64_t size = ast.getTypeSizeInChars(t).getQuantity();
  if (deviceGlobalKind(def) == DeviceGlobal::constant &&
      size > kMaxConstantGlobal)
    c.error(loc, diag::err_device_global_constant_size, fn) << def << size;
  else if (!deviceGlobalBytes(ast, def))
    c.error(loc, diag::err_device_global_init, fn) << def;
}

// The variable that `e` designates a part of (an element, a member), when
// it is a [[gpu::constant]] device global.
static const VarDecl *writtenConstantGlobal(const Expr *e) {
  while (true) {
    e = e->IgnoreParenImpCasts();
    if (const auto *sub = dyn_cast<ArraySubscriptExpr>(e)) {
      const Expr *base = sub->getBase()->IgnoreParenImpCasts();
      if (!base->getType()->isArrayType())
        return nullptr; // through a pointer: not the variable itself
      e = base;
    } else if (const auto *member = dyn_cast<MemberExpr>(e)) {
      if (member->isArrow())
        return nullptr;
      if (const auto *vd = dyn_cast<VarDecl>(member->getMemberDecl()))
        return deviceGlobalKind(vd) == DeviceGlobal::constant ? vd : nullptr;
      e = member->getBase();
    } else if (const auto *ref = dyn_cast<DeclRefExpr>(e)) {
      const auto *vd = dyn_cast<VarDecl>(ref->getDecl());
      return vd && deviceGlobalKind(vd) == DeviceGlobal::constant ? vd
                                                                   : nullptr;
    } else {
      return nullptr;
    }
  }
}

void BodyChecker::checkConstantWrite(const Expr *target, SourceLocation loc) {
  if (const VarDecl *vd = writtenConstantGlobal(target))
    c.error(loc, diag::err_device_constant_global_write, fn) << vd;
}

void BodyChecker::checkDeclRef(const ValueDecl *d, const Expr *use) {
  if (const auto *vd = dyn_cast<VarDecl>(d)) {
    if (vd->hasLocalStorage() || isa<ParmVarDecl>(vd))
      return;
    // Static locals of this function are checked at their declaration.
    if (vd->isStaticLocal() && vd->getDeclContext() == fn)
      return;
    checkGlobal(vd, use);
    return;
  }
  if (const auto *b = dyn_cast<BindingDecl>(d)) {
    if (!b->getHoldingVar())
      walk(b->getBinding());
    return;
  }
  if (isa<EnumConstantDecl, NonTypeTemplateParmDecl>(d))
    return;
  if (isa<FieldDecl, IndirectFieldDecl>(d) ||
      (isa<CXXMethodDecl>(d) && cast<CXXMethodDecl>(d)->isImplicitObjectMemberFunction())) {
    c.error(use->getExprLoc(), diag::err_device_member_pointer, fn);
    return;
  }
  if (const auto *tpo = dyn_cast<TemplateParamObjectDecl>(d)) {
    if (!constantBytes(ast, tpo->getValue(), tpo->getType()))
      c.error(use->getExprLoc(), diag::err_device_constant_no_bytes, fn)
          << tpo;
    return;
  }
  if (const auto *f = dyn_cast<FunctionDecl>(d)) {
    c.error(use->getExprLoc(), diag::err_device_function_pointer, fn)
        << 1 << f;
    return;
  }
  unsupported(use);
}

void BodyChecker::VisitMemberExpr(const MemberExpr *e) {
  const ValueDecl *member = e->getMemberDecl();
  if (const auto *f = dyn_cast<FieldDecl>(member)) {
    if (f->isBitField()) {
      const RecordDecl *rd = f->getParent();
      if (rd->hasAttr<PackedAttr>() || rd->hasAttr<MaxFieldAlignmentAttr>() ||
          f->hasAttr<PackedAttr>())
        c.error(e->getMemberLoc(), diag::err_device_packed_bitfield, fn) << f;
      else if (f->getBitWidthValue() > ast.getTypeSize(f->getType()))
        c.error(e->getMemberLoc(), diag::err_device_bitfield_layout, fn) << f;
    }
    // A union that holds a thread index: another member rewrites its bits.
    const RecordDecl *parent = f->getParent();
    if (parent->isUnion() &&
        holdsThreadIndex(ast.getCanonicalTagType(parent))) {
      c.error(e->getMemberLoc(), diag::err_thread_index_forged, fn)
          << "a union member beside it";
      return;
    }
    walk(e->getBase());
    return;
  }
  if (const auto *vd = dyn_cast<VarDecl>(member)) {
    walk(e->getBase());
    checkGlobal(vd, e);
    return;
  }
  if (isa<EnumConstantDecl>(member)) {
    walk(e->getBase());
    return;
  }
  // A member function named outside a call: a pointer to member.
  c.error(e->getExprLoc(), diag::err_device_member_pointer, fn);
}

void BodyChecker::VisitUnaryOperator(const UnaryOperator *e) {
  const Expr *sub = e->getSubExpr();
  switch (e->getOpcode()) {
  case UO_AddrOf:
    if (const auto *dre = dyn_cast<DeclRefExpr>(sub->IgnoreParens())) {
      const ValueDecl *d = dre->getDecl();
      if (e->getType()->isMemberFunctionPointerType()) {
        c.error(e->getExprLoc(), diag::err_device_member_pointer, fn);
        return;
      }
      if (e->getType()->isMemberDataPointerType())
        return; // a constant: the member's offset
      if (const auto *f = dyn_cast<FunctionDecl>(d)) {
        c.error(e->getExprLoc(), diag::err_device_function_pointer, fn)
            << 1 << f;
        return;
      }
    }
    break;
  case UO_Deref:
    if (sub->getType()->isFunctionPointerType()) {
      c.error(e->getExprLoc(), diag::err_device_function_pointer, fn) << 0;
      return;
    }
    break;
  case UO_Coawait:
    c.error(e->getExprLoc(), diag::err_device_coroutine, fn);
    return;
  case UO_PreInc:
  case UO_PreDec:
  case UO_PostInc:
  case UO_PostDec:
    checkConstantWrite(sub, e->getExprLoc());
    break;
  case UO_Real:
  case UO_Imag:
    walk(sub); // its complex type is the error
    return;
  default:
    break;
  }
  walk(sub);
}

void BodyChecker::VisitBinaryOperator(const BinaryOperator *e) {
  // Of the floating-point pragmas, Alloy honours contraction only.
  if (e->hasStoredFPFeatures() && !warnedFPPragma) {
    FPOptionsOverride others = e->getStoredFPFeatures();
    others.clearFPContractModeOverride();
    if (others.requiresTrailingStorage()) {
      warnedFPPragma = true;
      c.warning(e->getExprLoc(), diag::warn_device_fp_pragma,
                fn->getQualifiedNameAsString(), "");
    }
  }
  if (e->isPtrMemOp() &&
      e->getRHS()->getType()->isMemberFunctionPointerType()) {
    c.error(e->getExprLoc(), diag::err_device_member_pointer, fn);
    return;
  }
  if (e->isAssignmentOp())
    checkConstantWrite(e->getLHS(), e->getExprLoc());
  if (e->getOpcode() == BO_Cmp && !ast.CompCategories.lookupInfoForType(
                                      e->getType())) {
    unsupported(e);
    return;
  }
  walkChildren(e);
}

// What in a cast would forge a thread index (reinterpret_cast, or
// static_cast from void *, to one or to a writable pointer to its bytes),
// or null.
static const char *forgesThreadIndex(const CastExpr *e) {
  CastKind kind = e->getCastKind();
  if (kind != CK_BitCast && kind != CK_LValueBitCast &&
      kind != CK_LValueToRValueBitCast)
    return nullptr;
  QualType to = e->getType(), from = e->getSubExpr()->getType();
  if (to->isPointerType() && from->isPointerType()) {
    to = to->getPointeeType();
    from = from->getPointeeType();
  }
  if (to.getCanonicalType().getUnqualifiedType() ==
      from.getCanonicalType().getUnqualifiedType())
    return nullptr;
  if (holdsThreadIndex(to))
    return "this cast";
  // A writable pointer to its bytes (an unsigned char *); reading them
  // (a const void *) is fine.
  if (holdsThreadIndex(from) && !to.isConstQualified())
    return "a writable pointer to its bytes";
  return nullptr;
}

void BodyChecker::VisitCastExpr(const CastExpr *e) {
  const Expr *sub = e->getSubExpr();
  // A constant of a type the GPU has not (1.5L as a float) is just a value.
  if (unsupportedTypeReason(sub->getType(), ast) && foldScalar(e, ast))
    return;
  switch (classifyCast(e->getCastKind())) {
  case CastSupport::Supported:
    break;
  case CastSupport::FunctionPointer:
    c.error(e->getExprLoc(), diag::err_device_function_pointer, fn) << 0;
    return;
  case CastSupport::Dynamic:
    c.error(e->getExprLoc(), diag::err_device_rtti, fn) << 1;
    return;
  case CastSupport::MemberPointer:
    if (e->getType()->isMemberFunctionPointerType() ||
        sub->getType()->isMemberFunctionPointerType()) {
      c.error(e->getExprLoc(), diag::err_device_member_pointer, fn);
      return;
    }
    break; // pointers to data members: offsets
  case CastSupport::Unsupported:
    // Casts from types the GPU has not are that type's error.
    if (checkType(sub->getType(), sub->getExprLoc()))
      c.error(e->getExprLoc(), diag::err_device_cast, fn)
          << e->getCastKindName();
    return;
  }
  if (const char *what = forgesThreadIndex(e)) {
    c.error(e->getExprLoc(), diag::err_thread_index_forged, fn) << what;
    return;
  }
  for (const CXXBaseSpecifier *base : e->path())
    if (base->isVirtual()) {
      c.error(e->getExprLoc(), diag::err_device_virtual_base, fn)
          << base->getType();
      return;
    }
  walk(e->getSubExpr());
}

void BodyChecker::VisitCallExpr(const CallExpr *e) {
  if (foldScalar(e, ast))
    return;
  const Expr *calleeExpr = e->getCallee()->IgnoreParenImpCasts();
  if (const auto *bo = dyn_cast<BinaryOperator>(calleeExpr);
      bo && bo->isPtrMemOp()) {
    c.error(e->getExprLoc(), diag::err_device_member_pointer, fn);
    return;
  }
  if (const auto *op = dyn_cast<CXXOperatorCallExpr>(e);
      op && op->isAssignmentOp() && op->getNumArgs() > 0)
    checkConstantWrite(op->getArg(0), e->getExprLoc());
  const FunctionDecl *callee = e->getDirectCallee();
  if (!callee) {
    if (const auto *pd = dyn_cast<CXXPseudoDestructorExpr>(calleeExpr)) {
      walk(pd->getBase());
      return;
    }
    // std::visit's call through its table: reported at the table.
    if (!(fn && fn->isInStdNamespace() && fn->getName() == "__do_visit"))
      c.error(e->getExprLoc(), diag::err_device_indirect_call, fn);
    return;
  }
  if (libraryThrow(e, ast)) { // std::__throw_out_of_range_fmt(...)
    if (!c.libraryThrowTraps)
      c.error(e->getExprLoc(), diag::err_device_throw, fn);
    return; // its arguments only format the message
  }
  const FunctionDecl *target = nullptr;
  if (!checkCallee(e, callee, target))
    return; // the callee is the error; its arguments would only add noise
  // memcpy, memmove or memset into a thread index.
  if (unsigned id = callee->getBuiltinID(); id && e->getNumArgs() > 0) {
    BuiltinKind kind = classifyBuiltin(id, ast);
    QualType dst = e->getArg(0)->IgnoreParenCasts()->getType();
    if ((kind == BuiltinKind::Memcpy || kind == BuiltinKind::Memmove ||
         kind == BuiltinKind::Memset) &&
        dst->isPointerType() && holdsThreadIndex(dst->getPointeeType())) {
      c.error(e->getExprLoc(), diag::err_thread_index_forged, fn)
          << "writing its bytes (" + callee->getNameAsString() + ")";
      return;
    }
  }
  unsigned before = c.errors;
  // The object of a member call; static members evaluate it too.
  if (const auto *me = dyn_cast<MemberExpr>(calleeExpr))
    walk(me->getBase());
  for (const Expr *arg : e->arguments())
    walk(arg);
  // A call whose arguments are in error is not followed further.
  if (target && c.errors == before)
    c.reach(target, useLoc(e->getExprLoc()), fn);
}

// PTX asm: each operand's constraint and type, the clobbers, and the
// text's operand references. The host's own checks of the constraints
// are off for it (the plugin maps them off; host code is checked again in
// checkHostAsm).
void BodyChecker::VisitGCCAsmStmt(const GCCAsmStmt *s) {
  if (s->isAsmGoto()) {
    c.error(s->getAsmLoc(), diag::err_device_asm_goto, fn);
    return;
  }
  bool ok = true;
  auto operand = [&](const Expr *e, llvm::StringRef text, bool output) {
    std::optional<PtxConstraint> pc = parsePtxConstraint(text, output);
    if (!pc || (pc->tied >= 0 && unsigned(pc->tied) >= s->getNumOutputs())) {
      c.error(e->getExprLoc(), diag::err_device_asm_constraint, fn)
          << !output << text;
      ok = false;
      return;
    }
    if (pc->tied >= 0)
      return;
    if (pc->letter == 'n') {
      if (!e->isValueDependent() && !e->isIntegerConstantExpr(ast)) {
        c.error(e->getExprLoc(), diag::err_device_asm_immediate, fn);
        ok = false;
      }
      return;
    }
    QualType t = e->getType().getNonReferenceType().getCanonicalType();
    bool fits;
    switch (pc->letter) {
    case 'f':
      fits = t->isSpecificBuiltinType(BuiltinType::Float);
      break;
    case 'd':
      fits = t->isSpecificBuiltinType(BuiltinType::Double);
      break;
    case 'l':
      fits = (t->isIntegerType() && !t->isBooleanType() &&
              ast.getTypeSize(t) == 64) ||
             t->isPointerType();
      break;
    default: // h, r
      fits = (t->isIntegerType() && !t->isBooleanType() &&
              ast.getTypeSize(t) == pc->bytes() * 8) ||
             (pc->letter == 'h' && (t->isFloat16Type() || t->isBFloat16Type()));
    }
    if (!fits) {
      c.error(e->getExprLoc(), diag::err_device_asm_operand_type, fn)
          << e->getType() << text;
      ok = false;
    }
  };
  for (unsigned i = 0; i < s->getNumOutputs(); ++i)
    operand(s->getOutputExpr(i), s->getOutputConstraint(i), true);
  for (unsigned i = 0; i < s->getNumInputs(); ++i)
    operand(s->getInputExpr(i), s->getInputConstraint(i), false);
  for (unsigned i = 0; i < s->getNumClobbers(); ++i) {
    std::string clobber = s->getClobber(i);
    if (clobber != "memory" && clobber != "cc") {
      c.error(s->getAsmLoc(), diag::err_device_asm_clobber, fn) << clobber;
      ok = false;
    }
  }
  std::string error;
  unsigned offset = 0;
  if (ok && !ptxAsmTemplate(s, error, offset)) {
    SourceLocation where = s->getAsmLoc();
    if (const auto *text = dyn_cast<StringLiteral>(s->getAsmStringExpr()))
      where = text->getLocationOfByte(offset, ast.getSourceManager(),
                                      ast.getLangOpts(), ast.getTargetInfo());
    c.error(where, diag::err_device_asm_template, fn) << error;
    ok = false;
  }
  if (ok)
    walkChildren(s);
}

// gpu::ptx::asm_volatile: a literal text, operands of PTX register types.
bool BodyChecker::checkPtxAsmCall(const CallExpr *e) {
  const auto *text =
      dyn_cast<StringLiteral>(e->getArg(0)->IgnoreParenImpCasts());
  if (!text) {
    c.error(e->getArg(0)->getExprLoc(), diag::err_device_ptx_text, fn);
    return false;
  }
  bool ok = true;
  for (const Expr *arg : llvm::drop_begin(e->arguments())) {
    PtxOperand op = classifyPtxOperand(arg, ast);
    if (!op.reg) {
      c.error(arg->getExprLoc(), diag::err_device_ptx_operand, fn) << op.type;
      ok = false;
    }
  }
  std::string error;
  unsigned offset = 0;
  if (ok && !translatePtxAsm(
                text->getString(), e->getNumArgs() - 1,
                [](llvm::StringRef) { return -1; },
                [](unsigned n) { return n; }, error, offset)) {
    c.error(text->getLocationOfByte(offset, ast.getSourceManager(),
                                    ast.getLangOpts(), ast.getTargetInfo()),
            diag::err_device_asm_template, fn)
        << error;
    ok = false;
  }
  return ok;
}

// What a call of `callee` needs: false after reporting why it cannot run;
// `target` is the function to check next, if any.
bool BodyChecker::checkCallee(const CallExpr *e, const FunctionDecl *callee,
                              const FunctionDecl *&target) {
  SourceLocation loc = e->getExprLoc();
  if (std::optional<StringRef> name = intrinsicName(callee)) {
    std::optional<Intrinsic> intrinsic = lookupIntrinsic(*name);
    if (!intrinsic) {
      c.error(loc, diag::err_intrinsic_unknown, fn) << *name;
      return false;
    }
    if (*intrinsic == Intrinsic::PtxAsm)
      return checkPtxAsmCall(e);
    if (*intrinsic == Intrinsic::ClusterMap && e->getNumArgs() > 0) {
      // mapa needs an address in shared memory: a kernel's parameter points
      // to global memory, a local variable of this thread to local memory.
      const Expr *arg = e->getArg(0)->IgnoreParenImpCasts();
      if (const auto *u = dyn_cast<UnaryOperator>(arg);
          u && u->getOpcode() == UO_AddrOf)
        arg = u->getSubExpr()->IgnoreParenImpCasts();
      while (const auto *sub = dyn_cast<ArraySubscriptExpr>(arg))
        arg = sub->getBase()->IgnoreParenImpCasts();
      if (const auto *ref = dyn_cast<DeclRefExpr>(arg))
        if (const auto *vd = dyn_cast<VarDecl>(ref->getDecl())) {
          const char *where = nullptr;
          if (isa<ParmVarDecl>(vd) && vd->getType()->isPointerType() &&
              fn && isKernel(fn))
            where = "a kernel parameter, which points to global memory";
          else if (vd->hasLocalStorage() && !isa<ParmVarDecl>(vd) &&
                   !vd->getType()->isPointerType() && !isSharedVariable(vd))
            where = "a local variable of this thread (not [[gpu::shared]])";
          if (where) {
            c.error(e->getArg(0)->getExprLoc(), diag::err_cluster_map_not_shared,
                    fn)
                << vd->getName() << where;
            return false;
          }
        }
    }
    if (*intrinsic == Intrinsic::Printf)
      for (const Expr *arg : llvm::drop_begin(e->arguments())) {
        QualType t = arg->getType().getCanonicalType();
        if (!t->isScalarType() || t->isNullPtrType() ||
            t->isMemberPointerType()) {
          c.error(arg->getExprLoc(), diag::err_device_printf_argument, fn)
              << arg->getType();
          return false;
        }
      }
    return true;
  }
  if (lookupMathFunction(callee, ast))
    return true;
  if (unsigned id = callee->getBuiltinID()) {
    std::string name;
    switch (classifyBuiltin(id, ast, &name)) {
    case BuiltinKind::Unsupported:
      // std::allocator's (std::vector, std::string): no device heap.
      if (id == Builtin::BI__builtin_operator_new ||
          id == Builtin::BI__builtin_operator_delete) {
        c.error(loc, diag::err_device_heap, fn)
            << (id == Builtin::BI__builtin_operator_delete);
        return false;
      }
      c.error(loc, diag::err_device_builtin, fn)
          << ast.BuiltinInfo.getName(id) << hostHint(name);
      return false;
    case BuiltinKind::HostLibrary:
      c.error(loc, diag::err_device_host_library, fn)
          << callee << hostHint(name);
      return false;
    default:
      return true;
    }
  }
  if (callee->isExternC() && callee->getName() == "__assert_fail" &&
      callee->getNumParams() == 4)
    return true;
  if (isClockCall(callee)) // <time.h>'s clock(): the SM's cycle counter
    return true;
  if (isKernel(callee)) {
    c.error(loc, diag::err_device_kernel_call, fn) << qualifiedName(callee);
    return false;
  }
  const auto *method = dyn_cast<CXXMethodDecl>(callee);
  if (const auto *conv = dyn_cast_or_null<CXXConversionDecl>(method);
      conv && conv->getParent()->isLambda() &&
      conv->getConversionType()->isPointerType()) {
    // A lambda converted to a function pointer.
    c.error(loc, diag::err_device_function_pointer, fn) << 0;
    return false;
  }
  if (method && method->isVirtual() && !method->hasAttr<FinalAttr>() &&
      !method->getParent()->hasAttr<FinalAttr>()) {
    const auto *me =
        dyn_cast<MemberExpr>(e->getCallee()->IgnoreParenImpCasts());
    if (!me || !me->hasQualifier()) {
      c.error(loc, diag::err_device_virtual_call, fn) << callee;
      return false;
    }
  }
  // A C variadic function called with its named arguments only (the lambda
  // libstdc++'s std::visit uses to name its first variant) is a plain call.
  unsigned named = callee->getNumParams();
  if (isa<CXXOperatorCallExpr>(e) && method &&
      method->isImplicitObjectMemberFunction())
    ++named; // the object is the operator call's first argument
  if (callee->isVariadic() && e->getNumArgs() > named) {
    c.error(loc, diag::err_device_c_variadic, fn) << callee;
    return false;
  }
  if (method && method->isTrivial() &&
      (method->isCopyAssignmentOperator() ||
       method->isMoveAssignmentOperator() || isa<CXXDestructorDecl>(method)))
    return true;
  target = callee;
  return true;
}

void BodyChecker::VisitCXXConstructExpr(const CXXConstructExpr *e) {
  const CXXConstructorDecl *ctor = e->getConstructor();
  const CXXRecordDecl *rd = ctor->getParent();
  unsigned before = c.errors;
  checkPolymorphic(rd, e->getExprLoc());
  if (isClassNamed(ast.getCanonicalTagType(rd), "std", "function") ||
      isClassNamed(ast.getCanonicalTagType(rd), "std", "move_only_function"))
    c.error(e->getExprLoc(), diag::err_device_function_pointer, fn) << 0;
  if (ctor->isVariadic())
    c.error(e->getExprLoc(), diag::err_device_c_variadic, fn) << ctor;
  if (c.errors != before)
    return;
  for (const Expr *arg : e->arguments())
    walk(arg);
  if (c.errors != before)
    return;
  if (!ctor->isTrivial())
    c.reach(ctor, useLoc(e->getExprLoc()), fn);
  if (needsDestruction(e->getType(), ast))
    c.reachDestructor(e->getType(), useLoc(e->getExprLoc()), fn);
}

void BodyChecker::VisitCXXNewExpr(const CXXNewExpr *e) {
  const FunctionDecl *op = e->getOperatorNew();
  if (!op || e->getNumPlacementArgs() == 0) {
    c.error(e->getBeginLoc(), diag::err_device_heap, fn) << 0;
    return;
  }
  if (e->isArray() || !op->isReservedGlobalPlacementOperator()) {
    c.error(e->getBeginLoc(), diag::err_device_construct, fn)
        << (e->isArray() ? "an array placement new"
                         : "a placement new other than new (void *) T");
    return;
  }
  for (const Expr *arg : e->placement_arguments())
    walk(arg);
  if (const Expr *init = e->getInitializer())
    walk(init);
}

} // namespace

// --- The call graph --------------------------------------------------------

void DeviceCodeChecker::Impl::reach(const FunctionDecl *callee,
                                    SourceLocation use,
                                    const FunctionDecl *from) {
  const FunctionDecl *def = nullptr;
  if (!callee->hasBody(def) || !def) {
    if (ast.getSourceManager().isInSystemHeader(callee->getLocation()))
      error(use, diag::err_device_host_library, from)
          << callee << hostHint(callee->getName());
    else
      error(use, diag::err_device_no_body, from) << callee;
    return;
  }
  if (!reachedSet.insert(def).second)
    return;
  origins[def] = {from, use};
  work.push_back(def);
}

void DeviceCodeChecker::Impl::reachDestructor(QualType t, SourceLocation use,
                                              const FunctionDecl *from) {
  const auto *rd = ast.getBaseElementType(t)->getAsCXXRecordDecl();
  if (rd && rd->hasDefinition() && !rd->hasTrivialDestructor())
    if (const CXXDestructorDecl *dtor = rd->getDestructor())
      reach(dtor, use, from);
}

void DeviceCodeChecker::Impl::noteChain(const FunctionDecl *fn,
                                        SourceLocation error) {
  llvm::SmallVector<const FunctionDecl *, 8> chain;
  SourceLocation use;
  // An error in a system header (the standard library): where the user's
  // code first used the library on the way there.
  SourceLocation entry;
  const FunctionDecl *entered = nullptr;
  bool inLibrary = isSystem(ast, error);
  const FunctionDecl *at = fn;
  // The first-found path: a tree, so this ends at a kernel.
  while (true) {
    auto it = origins.find(at);
    if (it == origins.end() || !it->second.caller)
      break;
    chain.push_back(at);
    use = it->second.use;
    if (inLibrary && !entered && use.isValid() && !isSystem(ast, use)) {
      entry = use;
      entered = at;
    }
    at = it->second.caller;
  }
  if (chain.empty())
    return; // an error in the kernel itself
  std::reverse(chain.begin(), chain.end());
  std::string path;
  for (size_t i = 0; i < chain.size(); ++i) {
    // Long chains keep their first and last three.
    if (chain.size() > 8 && i == 3) {
      path += " -> ...";
      i = chain.size() - 4;
      continue;
    }
    path += (path.empty() ? "'" : " -> '") + qualifiedName(chain[i]) + "'";
  }
  report(diags, use, diag::note_device_reached_from) << qualifiedName(at)
                                                     << path;
  if (entered && entry != use)
    report(diags, entry, diag::note_device_library_entry)
        << qualifiedName(entered);
}

void DeviceCodeChecker::Impl::checkFunction(const FunctionDecl *fn) {
  BodyChecker body(*this, fn);
  // A kernel's parameters are KernelSignature's.
  if (!isKernel(fn))
    for (const ParmVarDecl *p : fn->parameters())
      if (const char *reason = unsupportedTypeReason(p->getType(), ast))
        error(p->getLocation(), diag::err_device_type, fn)
            << p->getType() << reason;
  if (!fn->getReturnType()->isVoidType())
    if (const char *reason = unsupportedTypeReason(fn->getReturnType(), ast))
      error(fn->getLocation(), diag::err_device_type, fn)
          << fn->getReturnType() << reason;
  for (const Attr *a : fn->attrs())
    if (isa<FlattenAttr, HotAttr, ColdAttr, OptimizeNoneAttr, MinSizeAttr,
            TargetAttr>(a) &&
        !isSystem(ast, a->getLocation()))
      warning(a->getLocation(), diag::warn_device_attribute_ignored,
              a->getSpelling(), " (on a function)");
  if (const auto *ctor = dyn_cast<CXXConstructorDecl>(fn))
    body.checkInits(ctor);
  if (const auto *dtor = dyn_cast<CXXDestructorDecl>(fn)) {
    const CXXRecordDecl *rd = dtor->getParent();
    for (const FieldDecl *f : rd->fields())
      if (!rd->isUnion() && needsDestruction(f->getType(), ast))
        reachDestructor(f->getType(), dtor->getLocation(), fn);
    for (const CXXBaseSpecifier &base : rd->bases())
      reachDestructor(base.getType(), dtor->getLocation(), fn);
  }
  body.walk(fn->getBody());
}

bool DeviceCodeChecker::Impl::check(ArrayRef<const FunctionDecl *> kernels) {
  for (const FunctionDecl *k : kernels) {
    checkKernelSignature(k, diags);
    if (reachedSet.insert(k).second)
      work.push_back(k);
  }
  while (!work.empty()) {
    const FunctionDecl *fn = work.front();
    work.pop_front();
    checkFunction(fn);
  }
  return errors == 0 && !diags.hasErrorOccurred();
}

DeviceCodeChecker::DeviceCodeChecker(ASTContext &ast, DiagnosticsEngine &diags,
                                     bool libraryThrowTraps)
    : impl(std::make_unique<Impl>(ast, diags, libraryThrowTraps)) {}
DeviceCodeChecker::~DeviceCodeChecker() = default;

bool DeviceCodeChecker::check(ArrayRef<const FunctionDecl *> kernels) {
  return impl->check(kernels);
}

bool DeviceCodeChecker::checkDeviceGlobals(ArrayRef<const VarDecl *> globals) {
  unsigned before = impl->errors;
  BodyChecker checker(*impl, nullptr);
  for (const VarDecl *vd : globals)
    checker.checkDeviceGlobalDefinition(vd);
  return impl->errors == before;
}

const llvm::DenseSet<const FunctionDecl *> &
DeviceCodeChecker::reached() const {
  return impl->reachedSet;
}

} // namespace alloy
