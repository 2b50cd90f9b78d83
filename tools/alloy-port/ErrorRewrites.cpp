// cudaError_t and its tests: the variable becomes a gpu::result<void>, and
// each comparison with cudaSuccess (or another error) its Alloy form.
#include "Rewriter.h"

#include <map>
#include <string>

using namespace clang;

namespace alloy::port {

bool Rewriter::VisitVarDecl(VarDecl *v) {
  if (inMain(v->getLocation()))
    rewriteStreamVar(v);
  if (!inMain(v->getLocation()) || !isCudaError(v->getType()) || !v->getInit())
    return true;
  if (const auto *dre = successRef(v->getInit())) {
    size_t nameEnd = endOfToken(v->getLocation());
    size_t b, e;
    if (nameEnd != npos && range(v->getInit()->getSourceRange(), b, e)) {
      st.replace(nameEnd, e, "");
      handled.insert(dre);
    }
  }
  return true;
}

bool Rewriter::VisitBinaryOperator(BinaryOperator *op) {
  if (!inMain(op->getOperatorLoc()) ||
      (op->getOpcode() != BO_EQ && op->getOpcode() != BO_NE))
    return true;
  const Expr *lhs = op->getLHS(), *rhs = op->getRHS();
  // A comparison of codes is rewritten whole, not as numbers.
  for (const Expr *side : {lhs, rhs})
    if (isCudaError(side->IgnoreParenImpCasts()->getType()))
      numbered.insert(side->IgnoreParenImpCasts());
  if (rewriteEventQuery(op))
    return true;
  const DeclRefExpr *success = successRef(rhs);
  const Expr *value = lhs;
  bool successFirst = false;
  if (!success) {
    success = successRef(lhs);
    value = rhs;
    successFirst = true;
  }
  if (!success) {
    rewriteErrorCompare(op);
    return true;
  }
  if (!isCudaError(value->IgnoreParenImpCasts()->getType()))
    return true;
  size_t ob, oe, vb, ve;
  if (!range(op->getSourceRange(), ob, oe) ||
      !range(value->getSourceRange(), vb, ve))
    return true;
  bool ne = op->getOpcode() == BO_NE;
  const Expr *bare = value->IgnoreParenImpCasts();
  bool simple = isa<DeclRefExpr, MemberExpr, CallExpr>(bare);
  std::string open = ne ? (simple ? "!" : "!(") : (simple ? "" : "(");
  std::string close =
      (simple ? "" : ")") + std::string(ne ? "" : ".has_value()");
  if (!successFirst) { // value OP cudaSuccess
    st.insert(vb, open);
    st.replace(ve, oe, close);
  } else { // cudaSuccess OP value
    st.replace(ob, vb, open);
    st.insert(ve, close);
  }
  handled.insert(success);
  return true;
}

void Rewriter::rewriteErrorCompare(BinaryOperator *op) {
  static const std::map<std::string, std::string> names = {
      {"cudaErrorInvalidValue", "CUDA_ERROR_INVALID_VALUE"},
      {"cudaErrorMemoryAllocation", "CUDA_ERROR_OUT_OF_MEMORY"},
      {"cudaErrorInitializationError", "CUDA_ERROR_NOT_INITIALIZED"},
      {"cudaErrorNoDevice", "CUDA_ERROR_NO_DEVICE"},
      {"cudaErrorInvalidDevice", "CUDA_ERROR_INVALID_DEVICE"},
      {"cudaErrorNotReady", "CUDA_ERROR_NOT_READY"},
      {"cudaErrorAssert", "CUDA_ERROR_ASSERT"},
      {"cudaErrorLaunchFailure", "CUDA_ERROR_LAUNCH_FAILED"}};
  const auto *code = dyn_cast<DeclRefExpr>(op->getRHS()->IgnoreParenImpCasts());
  const auto *var = dyn_cast<DeclRefExpr>(op->getLHS()->IgnoreParenImpCasts());
  if (!code || !var || !isa<VarDecl>(var->getDecl()) ||
      !isCudaError(var->getType()) || !isStubDecl(sm, code->getDecl()))
    return;
  auto it = names.find(code->getDecl()->getName().str());
  size_t b, e;
  if (it == names.end() || !range(op->getSourceRange(), b, e))
    return;
  std::string v = text(var);
  bool eq = op->getOpcode() == BO_EQ;
  st.replace(b, e,
             std::string(eq ? "(!" : "(") + v + (eq ? " && " : " || ") + v +
                 ".error().name() " + (eq ? "==" : "!=") + " \"" + it->second +
                 "\")");
  handled.insert(code);
}

bool Rewriter::rewriteEventQuery(BinaryOperator *op) {
  const auto *call = dyn_cast<CallExpr>(op->getLHS()->IgnoreParenImpCasts());
  const auto *code = dyn_cast<DeclRefExpr>(op->getRHS()->IgnoreParenImpCasts());
  const DeclRefExpr *ref = nullptr;
  if (!call || !code || call->getNumArgs() != 1 ||
      stubCallee(sm, call, &ref) != "cudaEventQuery")
    return false;
  std::string c = code->getDecl()->getName().str();
  if (c != "cudaErrorNotReady" && c != "cudaSuccess")
    return false;
  bool ready = (c == "cudaSuccess") == (op->getOpcode() == BO_EQ);
  size_t b, e;
  if (!range(op->getSourceRange(), b, e))
    return false;
  st.replace(b, e,
             std::string(ready ? "" : "!") + text(call->getArg(0)) +
                 ".query().value()");
  handled.insert(code);
  if (ref)
    handled.insert(ref);
  ++st.result.calls;
  return true;
}

bool Rewriter::VisitReturnStmt(ReturnStmt *r) {
  if (!r->getRetValue() || !inMain(r->getBeginLoc()))
    return true;
  if (const auto *dre = successRef(r->getRetValue())) {
    size_t b, e;
    if (range(dre->getSourceRange(), b, e)) {
      st.replace(b, e, "{}");
      handled.insert(dre);
    }
  }
  return true;
}

bool Rewriter::VisitImplicitCastExpr(ImplicitCastExpr *c) {
  if (!inMain(c->getBeginLoc()))
    return true;
  const Expr *sub = c->getSubExpr();
  if (!isCudaError(sub->IgnoreParenImpCasts()->getType()))
    return true;
  if (c->getCastKind() == CK_IntegralCast ||
      c->getCastKind() == CK_IntegralToFloating)
    return rewriteErrorNumber(sub), true;
  if (c->getCastKind() != CK_IntegralToBoolean)
    return true;
  size_t b, e;
  if (range(sub->getSourceRange(), b, e)) {
    st.insert(b, "!(");
    st.insert(e, ")");
  }
  return true;
}

// `(int)err`: the code as a number.
bool Rewriter::VisitExplicitCastExpr(ExplicitCastExpr *c) {
  if (inMain(c->getBeginLoc()) &&
      isCudaError(c->getSubExpr()->IgnoreParenImpCasts()->getType()) &&
      c->getType()->isArithmeticType() && !c->getType()->isEnumeralType())
    rewriteErrorNumber(c->getSubExpr());
  return true;
}

// A cudaError_t used as a number (exit(err), printf("%d", err), return err
// from int main): gpu::code_of, 0 for a success.
void Rewriter::rewriteErrorNumber(const Expr *x) {
  const Expr *bare = x->IgnoreParenImpCasts();
  if (bare->getType()->isDependentType() || !numbered.insert(bare).second)
    return;
  size_t b, e;
  if (successRef(bare) || !range(x->getSourceRange(), b, e))
    return;
  st.insert(b, "gpu::code_of(");
  st.insert(e, ")");
}

const DeclRefExpr *Rewriter::enumeratorRef(const Expr *x,
                                           llvm::StringRef name) {
  const auto *dre = dyn_cast<DeclRefExpr>(x->IgnoreParenImpCasts());
  if (dre && isa<EnumConstantDecl>(dre->getDecl()) &&
      dre->getDecl()->getName() == name)
    return dre;
  return nullptr;
}

const DeclRefExpr *Rewriter::successRef(const Expr *x) {
  return enumeratorRef(x, "cudaSuccess");
}

} // namespace alloy::port
