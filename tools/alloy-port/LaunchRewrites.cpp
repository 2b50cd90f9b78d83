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
  if (!config && st.result.parseErrors) {
    st.note(l.open, "a launch that alloy port could not rewrite: the file "
                    "did not parse (the errors above)");
    return;
  }
  if (!config || config->getNumArgs() < 2) {
    st.note(l.open, "a launch configuration without a grid and a block");
    return;
  }
  const unsigned count = config->getNumArgs();
  std::string cfg = configText(config->getArg(0), config->getArg(1),
                               count > 2 ? config->getArg(2) : nullptr);
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
         pointer->getPointeeType().getAsString(ctx.getPrintingPolicy()) + ">()";
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
  auto [open, close] =
      argumentWrap(param, arg->IgnoreParenImpCasts()->getType());
  if (open == "gpu::device_ptr(" && isNull(arg)) {
    if (!param.isNull() && param->isPointerType())
      st.replace(b, en, nullDevicePtr(param));
    return;
  }
  if (!open.empty()) {
    st.insert(b, open);
    st.insert(en, close);
  }
}

std::pair<std::string, std::string> Rewriter::argumentWrap(QualType param,
                                                           QualType arg) const {
  if (param.isNull() ? arg->isPointerType() || arg->isArrayType()
                     : param->isPointerType())
    return {"gpu::device_ptr(", ")"};
  if (!param.isNull() && !param->isDependentType() && !arg->isDependentType() &&
      param->isArithmeticType() && arg->isArithmeticType() &&
      !valuePreserving(ctx, arg, param))
    return {
        "static_cast<" +
            param.getUnqualifiedType().getAsString(ctx.getPrintingPolicy()) +
            ">(",
        ")"};
  return {};
}

std::string Rewriter::configText(const Expr *grid, const Expr *block,
                                 const Expr *shared) const {
  // The parts as written (comments and all); 1-D for integers.
  QualType g = grid->IgnoreImplicit()->getType(),
           bl = block->IgnoreImplicit()->getType();
  bool oneD = !g->isDependentType() && !bl->isDependentType() &&
              g->isIntegralOrEnumerationType() &&
              bl->isIntegralOrEnumerationType();
  std::string cfg = std::string("gpu::launch_config_") +
                    (oneD ? "1d{" : "3d{") + text(grid) + ", " + text(block);
  if (shared && !isNull(shared))
    cfg += ", " + text(shared);
  return cfg + "}";
}

const Expr *Rewriter::namedKernel(const Expr *x) const {
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
    return nullptr;
  return x;
}

std::string Rewriter::kernelName(const Expr *x) const {
  const Expr *k = namedKernel(x);
  return k ? text(k) : "";
}

bool Rewriter::rewriteArrayLaunch(const CallExpr *e, bool cooperative) {
  const Expr *kernel = namedKernel(e->getArg(0));
  if (!kernel) {
    st.note(original(e->getBeginLoc()),
            "a launch through a function pointer: Alloy launches a kernel "
            "named at compile time (choose the kernel with an if or a "
            "switch)");
    return false;
  }
  const auto *ref = dyn_cast<DeclRefExpr>(kernel);
  const auto *fd = ref ? dyn_cast<FunctionDecl>(ref->getDecl()) : nullptr;
  // The arguments: `void *args[] = {&a, (void *)&b, ...}` in this function.
  const auto *argsRef =
      dyn_cast<DeclRefExpr>(e->getArg(3)->IgnoreParenImpCasts());
  const auto *argsVar =
      argsRef ? dyn_cast<VarDecl>(argsRef->getDecl()) : nullptr;
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
    QualType param = fd && i < fd->getNumParams()
                         ? fd->getParamDecl(i)->getType()
                         : QualType();
    auto [open, close] = argumentWrap(param, u->getSubExpr()->getType());
    args.push_back(open + text(u->getSubExpr()) + close);
  }
  unsigned n = writtenArgs(e);
  std::string cfg =
      configText(e->getArg(1), e->getArg(2), n > 4 ? e->getArg(4) : nullptr);
  if (cooperative)
    cfg = "gpu::cooperative(" + cfg + ")";
  std::string stream =
      n > 5 ? streamText(e->getArg(5)) : std::string("gpu::default_stream()");
  std::string call =
      "gpu::launch_unchecked<" + text(kernel) + ">(" + stream + ", " + cfg;
  for (const std::string &a : args)
    call += ", " + a;
  call += ")";
  return replaceCall(e, call);
}

} // namespace alloy::port
