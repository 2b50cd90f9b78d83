#include "LaunchChecks.h"
#include "Basic/Diagnostics.h"
#include "Basic/KernelParams.h"
#include "Basic/OwnDecls.h"
#include "KernelAttributes.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace alloy {
namespace {

std::string kernelName(const FunctionDecl *fn, ASTContext &ctx) {
  std::string name;
  llvm::raw_string_ostream os(name);
  PrintingPolicy policy = ctx.getPrintingPolicy();
  policy.SuppressTagKeyword = true;
  fn->getNameForDiagnostic(os, policy, /*Qualified=*/true);
  return name;
}

// The kernel K of gpu::prepare<K>, gpu::launch<K, ...> or launch_unchecked<K>.
const FunctionDecl *kernelArgument(const FunctionDecl *callee) {
  const TemplateArgumentList *args = callee->getTemplateSpecializationArgs();
  if (!args || args->size() == 0)
    return nullptr;
  const TemplateArgument &k = args->get(0);
  if (k.getKind() == TemplateArgument::Declaration)
    return dyn_cast<FunctionDecl>(k.getAsDecl());
  return nullptr;
}

// The variable an argument names, looking through references bound to it.
const VarDecl *namedVariable(const Expr *e) {
  for (int depth = 0; depth < 8 && e; ++depth) {
    const auto *dre = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
    if (!dre)
      return nullptr;
    const auto *vd = dyn_cast<VarDecl>(dre->getDecl());
    if (!vd)
      return nullptr;
    if (!vd->getType()->isReferenceType() || !vd->getInit() ||
        isa<ParmVarDecl>(vd))
      return vd;
    e = vd->getInit();
  }
  return nullptr;
}

const char *roleName(ParamKind kind) {
  switch (kind) {
  case ParamKind::Input:
    return "input";
  case ParamKind::Output:
  case ParamKind::RawOutput:
    return "output";
  case ParamKind::Scalar:
    return "argument";
  }
  return "argument";
}

// The element type a buffer argument must have for `param`, if any.
QualType bufferElementFor(QualType param) {
  param = param.getCanonicalType();
  if (param->isPointerType())
    return param->getPointeeType().getUnqualifiedType();
  const ClassTemplateSpecializationDecl *spec = nullptr;
  if (isClassNamed(param, "std", "span", &spec) ||
      isClassNamed(param, "gpu", "disjoint_span", &spec))
    return spec->getTemplateArgs()[0].getAsType().getUnqualifiedType();
  return QualType();
}

// Whether `t` (or what it references) is gpu::name<T>; T in `elem`.
bool isGpuClassOf(QualType t, StringRef name, QualType &elem) {
  const ClassTemplateSpecializationDecl *spec = nullptr;
  if (!isClassNamed(t.getNonReferenceType(), "gpu", name, &spec))
    return false;
  elem = spec->getTemplateArgs()[0].getAsType().getCanonicalType();
  return true;
}

// An arithmetic type that is not an enumeration.
bool isPlainArithmetic(QualType t) {
  t = t.getNonReferenceType().getCanonicalType();
  return t->isArithmeticType() && !t->isEnumeralType();
}

// Scalars: the same type, or an arithmetic type whose every value the
// parameter represents.
bool scalarFits(ASTContext &ctx, QualType param, QualType arg) {
  param = param.getCanonicalType().getUnqualifiedType();
  arg = arg.getNonReferenceType().getCanonicalType().getUnqualifiedType();
  if (ctx.hasSameType(param, arg))
    return true;
  if (param->isBooleanType() || arg->isBooleanType())
    return false;
  if (param->isIntegerType() && arg->isIntegerType()) {
    uint64_t pw = ctx.getIntWidth(param), aw = ctx.getIntWidth(arg);
    bool ps = param->isSignedIntegerType(), as = arg->isSignedIntegerType();
    if (ps == as)
      return pw >= aw;
    return ps && !as && pw > aw;
  }
  if (param->isRealFloatingType() && arg->isRealFloatingType())
    return ctx.getTypeSize(param) >= ctx.getTypeSize(arg);
  // An integer converts exactly when its value bits fit the significand
  // (short to float, int to double), as the headers' value_preserving.
  if (param->isRealFloatingType() && arg->isIntegerType()) {
    unsigned bits = ctx.getIntWidth(arg) - arg->isSignedIntegerType();
    return llvm::APFloat::semanticsPrecision(
               ctx.getFloatTypeSemantics(param)) >= bits;
  }
  return false;
}

class Checker : public RecursiveASTVisitor<Checker> {
public:
  Checker(ASTContext &ctx, DiagnosticsEngine &diags) : ctx(ctx), diags(diags) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  // Keeps the function being walked, for noteInstantiation.
  bool TraverseDecl(Decl *decl) {
    auto *fn = dyn_cast_or_null<FunctionDecl>(decl);
    if (!fn)
      return RecursiveASTVisitor::TraverseDecl(decl);
    const FunctionDecl *outer = enclosing;
    enclosing = fn;
    bool more = RecursiveASTVisitor::TraverseDecl(decl);
    enclosing = outer;
    return more;
  }

  bool VisitCallExpr(CallExpr *call) {
    const FunctionDecl *callee = call->getDirectCallee();
    if (!callee || !callee->getDeclName().isIdentifier())
      return true;
    StringRef name = callee->getName();
    if (name != "prepare" && name != "launch" && name != "launch_unchecked")
      return true;
    const auto *ns = dyn_cast<NamespaceDecl>(callee->getDeclContext());
    if (!ns || ns->getName() != "gpu" ||
        !ns->getDeclContext()->isTranslationUnit())
      return true;
    const FunctionDecl *kernel = kernelArgument(callee);
    if (!kernel)
      return true;
    if (!checkIsKernel(call, kernel, name))
      return true;
    if (name == "prepare")
      checkPrepare(call, kernel);
    else
      checkArguments(call, kernel, call->getNumArgs() >= 2 ? 2 : 0);
    return true;
  }

private:
  // After an error in an instantiated template (a launch wrapper), a note at
  // the use that instantiated it, as clang's own backtrace gives: otherwise
  // nothing names which of the wrapper's callers passed the argument.
  void noteInstantiation() {
    if (!enclosing || !enclosing->isTemplateInstantiation())
      return;
    SourceLocation use = enclosing->getPointOfInstantiation();
    if (use.isInvalid())
      return;
    std::string name;
    llvm::raw_string_ostream os(name);
    enclosing->getNameForDiagnostic(os, ctx.getPrintingPolicy(),
                                    /*Qualified=*/true);
    report(diags, use, diag::note_launch_instantiated_here) << name;
  }

  bool checkIsKernel(const CallExpr *call, const FunctionDecl *kernel,
                     StringRef api) {
    if (isKernel(kernel))
      return true;
    report(diags, call->getExprLoc(), diag::err_launch_not_kernel)
        << api << kernelName(kernel, ctx);
    noteInstantiation();
    return false;
  }

  void checkPrepare(const CallExpr *call, const FunctionDecl *kernel) {
    bool ok = true;
    KernelAttributes attrs = readKernelAttributes(kernel, ctx, diags, ok);
    std::string kname = kernelName(kernel, ctx);
    if (!attrs.contract) {
      report(diags, call->getExprLoc(), diag::err_prepare_no_contract)
          << kname;
      report(diags, kernel->getLocation(), diag::note_kernel_declared)
          << kname;
      noteInstantiation();
      return;
    }
    if (call->getNumArgs() < 2)
      return;
    QualType config = call->getArg(1)->getType().getCanonicalType();
    const auto *rd = config->getAsCXXRecordDecl();
    if (!rd)
      return;
    unsigned rank = llvm::StringSwitch<unsigned>(rd->getName())
                        .Case("launch_config_1d", 1)
                        .Case("launch_config_2d", 2)
                        .Case("launch_config_3d", 3)
                        .Default(0);
    if (rank && rank != attrs.contract->domain) {
      report(diags, call->getArg(1)->getExprLoc(), diag::err_prepare_rank)
          << kname << rd->getName() << attrs.contract->domain;
      noteInstantiation();
    }
  }

  void checkArguments(const CallExpr *call, const FunctionDecl *kernel,
                      unsigned first) {
    std::string kname = kernelName(kernel, ctx);
    unsigned given = call->getNumArgs() - first;
    unsigned wanted = kernel->getNumParams();
    if (given != wanted) {
      report(diags, call->getExprLoc(), diag::err_launch_arg_count)
          << kname << wanted << given;
      noteInstantiation();
      return;
    }
    struct Use {
      const VarDecl *var;
      ParamKind kind;
      const ParmVarDecl *param;
      const Expr *arg;
    };
    llvm::SmallVector<Use, 8> uses;
    for (unsigned i = 0; i < wanted; ++i) {
      const ParmVarDecl *param = kernel->getParamDecl(i);
      const Expr *arg = call->getArg(first + i);
      ParamKind kind = classifyKernelParam(param->getType());
      checkArgument(kname, param, kind, arg);
      uses.push_back({namedVariable(arg), kind, param, arg});
    }
    for (const Use &out : uses) {
      if (!out.var ||
          (out.kind != ParamKind::Output && out.kind != ParamKind::RawOutput) ||
          isMayAliasParam(out.param))
        continue;
      for (const Use &other : uses) {
        if (&other == &out || other.var != out.var)
          continue;
        report(diags, other.arg->getExprLoc(), diag::err_launch_aliasing)
            << out.var->getName() << out.param->getName() << kname
            << roleName(other.kind) << other.param->getName();
        noteInstantiation();
        break;
      }
    }
  }

  void checkArgument(const std::string &kname, const ParmVarDecl *param,
                     ParamKind kind, const Expr *arg) {
    // Types as C++ spells them ('bool', not '_Bool').
    const PrintingPolicy &policy = ctx.getPrintingPolicy();
    QualType pt = param->getType();
    QualType at = arg->getType();
    QualType bufferElem;
    QualType pointerElem;
    bool buffer = isGpuClassOf(at, "device_buffer", bufferElem);
    // gpu::device_ptr<T>: a plain device pointer, checked by the runtime.
    bool pointer = isGpuClassOf(at, "device_ptr", pointerElem);
    std::string problem;
    if (kind == ParamKind::Scalar) {
      if (buffer)
        problem = "a gpu::device_buffer cannot be passed as a scalar";
      else if (pointer)
        problem = "a gpu::device_ptr cannot be passed as a scalar";
      else if (isGridConstantType(pt) && !scalarFits(ctx, pt, at))
        problem =
            "the parameter is a '" +
            pt.getUnqualifiedType().getAsString(policy) +
            "' (its element type and rank must match), not '" +
            at.getNonReferenceType().getUnqualifiedType().getAsString(policy) +
            "'";
      else if (!scalarFits(ctx, pt, at))
        problem = isPlainArithmetic(pt) && isPlainArithmetic(at)
                      ? "'" + at.getAsString(policy) +
                            "' does not convert to '" + pt.getAsString(policy) +
                            "' without narrowing"
                      : "the parameter needs a value of its type '" +
                            pt.getAsString(policy) + "', not '" +
                            at.getNonReferenceType().getAsString(policy) + "'";
    } else {
      QualType elem = bufferElementFor(pt).getCanonicalType();
      bool output = kind != ParamKind::Input;
      // A void * parameter takes any element type, as in C++.
      bool anyElement = elem->isVoidType();
      if (pointer) {
        if (!anyElement &&
            !ctx.hasSameType(elem, pointerElem.getUnqualifiedType()))
          problem = "the gpu::device_ptr points to '" +
                    pointerElem.getAsString(policy) +
                    "', the parameter wants '" + elem.getAsString(policy) + "'";
        else if (output && pointerElem.isConstQualified())
          problem = "an output needs a gpu::device_ptr to non-const '" +
                    elem.getAsString(policy) + "'";
      } else if (!buffer && at.getNonReferenceType()->isPointerType())
        problem = "pass a gpu::device_buffer<" + elem.getAsString(policy) +
                  ">, or a pointer to device memory as gpu::device_ptr(p), "
                  "not '" +
                  at.getAsString(policy) + "'";
      else if (!buffer)
        problem = "pass a gpu::device_buffer<" + elem.getAsString(policy) +
                  ">, not '" + at.getAsString(policy) + "'";
      else if (!anyElement && !ctx.hasSameType(elem, bufferElem))
        problem = "the buffer holds '" + bufferElem.getAsString(policy) +
                  "', the parameter wants '" + elem.getAsString(policy) + "'";
      else if (output && at.getNonReferenceType().isConstQualified())
        problem = "an output needs a non-const gpu::device_buffer";
    }
    if (problem.empty())
      return;
    report(diags, arg->getExprLoc(), diag::err_launch_argument)
        << param->getName() << kname << problem;
    report(diags, param->getLocation(), diag::note_parameter_declared)
        << param->getName();
    noteInstantiation();
  }

  ASTContext &ctx;
  DiagnosticsEngine &diags;
  const FunctionDecl *enclosing = nullptr;
};

} // namespace

void checkLaunches(ASTContext &ctx, DiagnosticsEngine &diags) {
  Checker checker(ctx, diags);
  traverseOwnDecls(checker, ctx);
}

} // namespace alloy
