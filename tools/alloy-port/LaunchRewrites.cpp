// Launches, kernel<<<config>>>(args), into gpu::launch_unchecked, and the
// kernels' pointer parameters keeping CUDA's aliasing rule.
#include "Rewriter.h"

#include "clang/AST/TemplateBase.h"

#include <map>
#include <string>

using namespace clang;

namespace alloy::port {

bool Rewriter::VisitFunctionDecl(FunctionDecl *f) {
  if (!inMain(f->getLocation()) || !isKernel(f))
    return true;
  for (ParmVarDecl *p : f->parameters()) {
    QualType t = p->getType();
    if (!t->isPointerType() || t.isRestrictQualified() ||
        t->getPointeeType().isConstQualified())
      continue;
    size_t b = spelled(p->getBeginLoc());
    if (b != npos)
      st.insert(b, "[[gpu::may_alias]] ");
  }
  return true;
}

bool Rewriter::isKernel(const FunctionDecl *f) const {
  size_t name = parsedOffset(sm.getSpellingLoc(f->getLocation()));
  if (name == npos)
    return false;
  const std::string &text = st.parsed.text();
  for (size_t g : st.globals)
    if (g < name && text.find_first_of(";{}", g) > name)
      return true;
  return false;
}

void Rewriter::rewriteLaunch(CallExpr *e, size_t index) {
  const Launch &l = st.parsed.launches()[index];
  launched.insert(index);
  const Expr *target = e->getCallee()->IgnoreParenImpCasts();
  const auto *ref = dyn_cast<DeclRefExpr>(target);
  if (!isa<UnresolvedLookupExpr>(target) &&
      !(ref && isa<FunctionDecl>(ref->getDecl()))) {
    st.note(l.callee, "a launch through a function pointer: Alloy "
                      "launches a kernel named at compile time (choose "
                      "the kernel with an if or a switch)");
    return;
  }
  const CallExpr *config =
      configCalls.count(index) ? configCalls[index] : nullptr;
  if (!config || config->getNumArgs() < 2) {
    st.note(l.open, "a launch configuration without a grid and a block");
    return;
  }
  // The configuration's parts, as written (comments and all).
  const unsigned count = config->getNumArgs();
  auto part = [&](unsigned i) { return text(config->getArg(i)); };
  QualType grid = config->getArg(0)->getType(),
           block = config->getArg(1)->getType();
  bool oneD = !grid->isDependentType() && !block->isDependentType() &&
              grid->isIntegralOrEnumerationType() &&
              block->isIntegralOrEnumerationType();
  std::string cfg = std::string("gpu::launch_config_") +
                    (oneD ? "1d{" : "3d{") + part(0) + ", " + part(1);
  if (count > 2 && !isNull(config->getArg(2)))
    cfg += ", " + part(2);
  cfg += "}";
  std::string stream = count > 3 ? streamText(config->getArg(3))
                                 : std::string("gpu::default_stream()");

  std::string callee = st.original.substr(l.callee, l.open - l.callee);
  while (!callee.empty() && std::isspace((unsigned char)callee.back()))
    callee.pop_back();
  const FunctionDecl *fd = e->getDirectCallee();
  if (const auto *ule = dyn_cast<UnresolvedLookupExpr>(target))
    for (const NamedDecl *d : ule->decls()) // in a template: the pattern
      if (const auto *t = dyn_cast<FunctionTemplateDecl>(d))
        fd = t->getTemplatedDecl();
  if (fd && fd->getTemplateSpecializationArgs() &&
      callee.find('<') == npos) { // deduced template arguments
    std::string args;
    llvm::raw_string_ostream os(args);
    printTemplateArgumentList(os,
                              fd->getTemplateSpecializationArgs()->asArray(),
                              ctx.getPrintingPolicy());
    callee += os.str();
  }
  size_t paren = st.original.find_first_not_of(" \t\r\n", l.close);
  size_t callBegin, callEnd;
  if (paren == npos || st.original[paren] != '(' ||
      !range(e->getSourceRange(), callBegin, callEnd)) {
    st.note(l.open, "a launch whose arguments alloy port cannot find");
    return;
  }
  std::string prefix = "gpu::launch_unchecked<" + callee + ">(" + stream +
                       ", " + cfg + (writtenArgs(e) ? ", " : "");
  st.replace(l.callee, paren + 1, prefix);
  for (unsigned i = 0; i < e->getNumArgs(); ++i)
    rewriteLaunchArgument(e, fd, i);
  // CUDA fills in a kernel's default arguments; Alloy's launch takes
  // every argument.
  std::string defaults;
  for (unsigned i = 0; i < e->getNumArgs(); ++i) {
    const auto *d = dyn_cast<CXXDefaultArgExpr>(e->getArg(i));
    if (!d || !fd)
      continue;
    const ParmVarDecl *p = fd->getParamDecl(i);
    std::string value = text(d->getExpr());
    if (value.empty()) { // written in another file
      llvm::raw_string_ostream os(value);
      d->getExpr()->printPretty(os, nullptr, ctx.getPrintingPolicy());
    }
    if (p->getType()->isPointerType() && isNull(d->getExpr()))
      value = nullDevicePtr(p->getType());
    else if (p->getType()->isPointerType())
      value = "gpu::device_ptr(" + value + ")";
    defaults += ", " + value; // the prefix or a written argument before
  }
  if (!defaults.empty())
    st.insert(callEnd - 1, defaults);
  st.insert(callEnd, ".value()");
  ++st.result.launches;
}

std::string Rewriter::nullDevicePtr(QualType pointer) const {
  return "gpu::device_ptr<" +
         pointer->getPointeeType().getAsString(ctx.getPrintingPolicy()) +
         ">()";
}

void Rewriter::rewriteLaunchArgument(const CallExpr *e, const FunctionDecl *fd,
                                     unsigned i) {
  const Expr *arg = e->getArg(i);
  if (isa<CXXDefaultArgExpr>(arg))
    return;
  size_t b, en;
  if (!range(arg->getSourceRange(), b, en))
    return;
  QualType param = fd && i < fd->getNumParams() ? fd->getParamDecl(i)->getType()
                                                : QualType();
  QualType argType = arg->IgnoreParenImpCasts()->getType();
  bool pointerParam = !param.isNull() && param->isPointerType();
  if (pointerParam || (param.isNull() &&
                       (argType->isPointerType() || argType->isArrayType()))) {
    if (isNull(arg)) {
      if (pointerParam)
        st.replace(b, en, nullDevicePtr(param));
      return;
    }
    st.insert(b, "gpu::device_ptr(");
    st.insert(en, ")");
    return;
  }
  if (!param.isNull() && !param->isDependentType() &&
      !argType->isDependentType() && param->isArithmeticType() &&
      argType->isArithmeticType() && !valuePreserving(ctx, argType, param)) {
    st.insert(
        b, "static_cast<" +
               param.getUnqualifiedType().getAsString(ctx.getPrintingPolicy()) +
               ">(");
    st.insert(en, ")");
  }
}

std::string Rewriter::kernelName(const Expr *x) const {
  for (;;) {
    x = x->IgnoreParenImpCasts();
    if (const auto *c = dyn_cast<ExplicitCastExpr>(x))
      x = c->getSubExprAsWritten();
    else if (const auto *u = dyn_cast<UnaryOperator>(x);
             u && u->getOpcode() == UO_AddrOf)
      x = u->getSubExpr();
    else
      break;
  }
  const auto *ref = dyn_cast<DeclRefExpr>(x);
  if (!(ref && isa<FunctionDecl>(ref->getDecl())) &&
      !isa<UnresolvedLookupExpr>(x))
    return "";
  return text(x);
}

bool Rewriter::rewriteArrayLaunch(const CallExpr *e, bool cooperative) {
  std::string kernel = kernelName(e->getArg(0));
  const FunctionDecl *fd = nullptr;
  if (const auto *ref = dyn_cast<DeclRefExpr>(
          e->getArg(0)->IgnoreParenImpCasts()->IgnoreCasts()))
    fd = dyn_cast<FunctionDecl>(ref->getDecl());
  if (kernel.empty()) {
    st.note(original(e->getBeginLoc()),
            "a launch through a function pointer: Alloy launches a kernel "
            "named at compile time (choose the kernel with an if or a "
            "switch)");
    return false;
  }
  // The arguments: `void *args[] = {&a, (void *)&b, ...}` in this function.
  const auto *argsRef =
      dyn_cast<DeclRefExpr>(e->getArg(3)->IgnoreParenImpCasts());
  const auto *argsVar = argsRef ? dyn_cast<VarDecl>(argsRef->getDecl()) : nullptr;
  const auto *init =
      argsVar && argsVar->getInit()
          ? dyn_cast<InitListExpr>(argsVar->getInit()->IgnoreImplicit())
          : nullptr;
  if (!init) {
    st.note(original(e->getArg(3)->getBeginLoc()),
            "the launch's arguments are not a local array initialized with "
            "their addresses: write the gpu::launch_unchecked by hand");
    return false;
  }
  std::vector<std::string> args;
  for (unsigned i = 0; i < init->getNumInits(); ++i) {
    const Expr *x = init->getInit(i)->IgnoreParenImpCasts();
    if (const auto *c = dyn_cast<ExplicitCastExpr>(x))
      x = c->getSubExprAsWritten()->IgnoreParenImpCasts();
    const auto *u = dyn_cast<UnaryOperator>(x);
    if (!u || u->getOpcode() != UO_AddrOf) {
      st.note(original(init->getInit(i)->getBeginLoc()),
              "a launch argument that is not the address of a variable");
      return false;
    }
    std::string value = text(u->getSubExpr());
    QualType type = u->getSubExpr()->getType();
    QualType param = fd && i < fd->getNumParams()
                         ? fd->getParamDecl(i)->getType()
                         : QualType();
    if (param.isNull() ? type->isPointerType() : param->isPointerType())
      value = "gpu::device_ptr(" + value + ")";
    else if (!param.isNull() && !param->isDependentType() &&
             !type->isDependentType() && param->isArithmeticType() &&
             type->isArithmeticType() && !valuePreserving(ctx, type, param))
      value = "static_cast<" +
              param.getUnqualifiedType().getAsString(ctx.getPrintingPolicy()) +
              ">(" + value + ")";
    args.push_back(value);
  }
  unsigned n = writtenArgs(e);
  QualType grid = e->getArg(1)->IgnoreImplicit()->getType(),
           block = e->getArg(2)->IgnoreImplicit()->getType();
  bool oneD = grid->isIntegralOrEnumerationType() &&
              block->isIntegralOrEnumerationType();
  std::string cfg = std::string("gpu::launch_config_") +
                    (oneD ? "1d{" : "3d{") + text(e->getArg(1)) + ", " +
                    text(e->getArg(2));
  if (n > 4 && !isNull(e->getArg(4)))
    cfg += ", " + text(e->getArg(4));
  cfg += "}";
  if (cooperative)
    cfg = "gpu::cooperative(" + cfg + ")";
  std::string stream = n > 5 ? streamText(e->getArg(5))
                             : std::string("gpu::default_stream()");
  std::string call = "gpu::launch_unchecked<" + kernel + ">(" + stream +
                     ", " + cfg;
  for (const std::string &a : args)
    call += ", " + a;
  call += ")";
  return replaceCall(e, call);
}

} // namespace alloy::port
