// cudaStream_t handles: gpu::stream is an object, not a handle. A stream
// 0 (a parameter's default, an argument) is gpu::default_stream(), and a
// local that names another stream (`cudaStream_t s = streams[i];`) or the
// default one (`cudaStream_t s = 0;`) becomes a reference to it.
#include "Rewriter.h"

using namespace clang;

namespace alloy::port {

namespace {
// Whether `body` takes the address of `v` or assigns to it.
bool takenOrAssigned(const Stmt *body, const VarDecl *v) {
  if (!body)
    return true;
  auto names = [&](const Expr *x) {
    const auto *dre = dyn_cast<DeclRefExpr>(x->IgnoreParenImpCasts());
    return dre && dre->getDecl() == v;
  };
  if (const auto *u = dyn_cast<UnaryOperator>(body))
    if (u->getOpcode() == UO_AddrOf && names(u->getSubExpr()))
      return true;
  if (const auto *b = dyn_cast<BinaryOperator>(body))
    if (b->isAssignmentOp() && names(b->getLHS()))
      return true;
  for (const Stmt *child : body->children())
    if (child && takenOrAssigned(child, v))
      return true;
  return false;
}
} // namespace

bool Rewriter::defaultStreamFor(const Expr *x) {
  size_t b, e;
  if (!x || isa<CXXDefaultArgExpr>(x) || !isNull(x) ||
      !range(x->getSourceRange(), b, e))
    return false;
  st.replace(b, e, "gpu::default_stream()");
  return true;
}

// A call of the program's own function that passes 0 for a cudaStream_t
// parameter (now a gpu::stream &).
void Rewriter::defaultStreamArguments(const CallExpr *e) {
  const auto *fn = e->getDirectCallee();
  if (!fn)
    return;
  unsigned params = fn->getNumParams(),
           skip = isa<CXXOperatorCallExpr>(e) && isa<CXXMethodDecl>(fn);
  for (unsigned i = skip; i < e->getNumArgs() && i - skip < params; ++i)
    if (isNamedType(fn->getParamDecl(i - skip)->getType(), "cudaStream_t"))
      defaultStreamFor(e->getArg(i));
}

void Rewriter::rewriteStreamVar(const VarDecl *v) {
  const Expr *init = v->getInit();
  if (isa<ParmVarDecl>(v) || !init || !v->isLocalVarDecl() ||
      !isNamedType(v->getType(), "cudaStream_t") ||
      v->getLocation().isMacroID())
    return;
  const auto *fn = dyn_cast<FunctionDecl>(v->getDeclContext());
  bool null = isNull(init);
  if (!null && !init->IgnoreParenImpCasts()->isLValue())
    return; // a call's stream: moved in
  size_t b, e;
  if (!range(init->getSourceRange(), b, e))
    return;
  if (takenOrAssigned(fn ? fn->getBody() : nullptr, v)) {
    // Created later (cudaStreamCreate(&s)): an empty stream until then.
    if (null)
      st.replace(endOfToken(v->getLocation()), e, "");
    st.note(original(v->getLocation()),
            null ? "a cudaStream_t that starts as the default stream (0) and "
                   "is created later: an empty gpu::stream until then (use "
                   "gpu::default_stream() where it stands for 0)"
                 : "a cudaStream_t that copies another stream's handle and "
                   "is assigned later: gpu::stream is an object, not a "
                   "handle (use a gpu::stream *)");
    return;
  }
  st.insert(original(v->getLocation()), "&");
  defaultStreamFor(init);
}

// A struct that holds a stream can no longer be copied: reported.
bool Rewriter::VisitFieldDecl(FieldDecl *f) {
  if (inMain(f->getLocation()) && !f->getLocation().isMacroID() &&
      (isNamedType(f->getType(), "cudaStream_t") ||
       isNamedType(f->getType(), "cudaEvent_t")))
    st.note(original(f->getLocation()),
            "a stream or event member: gpu::stream and gpu::event are "
            "objects that move, not handles, so the struct no longer "
            "copies; hold a gpu::stream * (or gpu::event *) if it is copied");
  return true;
}

} // namespace alloy::port
