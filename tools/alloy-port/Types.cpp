// The questions about CUDA's declarations (the stubs) that the rewrites ask.
#include "State.h"

#include "clang/AST/ExprCXX.h"

namespace alloy::port {

bool isStubDecl(const SourceManager &sm, const Decl *d) {
  if (!d)
    return false;
  SourceLocation loc = sm.getSpellingLoc(d->getLocation());
  return sm.getFilename(loc).ends_with("alloy_port_cuda.h");
}

// The name of a call's callee when the porting stubs declare it (also for
// a call in a template that is not resolved yet).
std::string stubCallee(const SourceManager &sm, const CallExpr *e,
                       const DeclRefExpr **ref) {
  const Expr *callee = e->getCallee()->IgnoreParenImpCasts();
  if (const auto *dre = dyn_cast<DeclRefExpr>(callee)) {
    if (isStubDecl(sm, dre->getDecl())) {
      *ref = dre;
      return dre->getNameInfo().getAsString();
    }
  } else if (const auto *ule = dyn_cast<UnresolvedLookupExpr>(callee)) {
    for (const NamedDecl *d : ule->decls())
      if (isStubDecl(sm, d))
        return ule->getName().getAsString();
  }
  return "";
}

bool isNamedType(QualType t, llvm::StringRef name) {
  for (QualType cur = t; !cur.isNull();) {
    if (const auto *td = cur->getAs<TypedefType>()) {
      if (td->getDecl()->getName() == name)
        return true;
      cur = td->getDecl()->getUnderlyingType();
    } else {
      break;
    }
  }
  return false;
}
bool isCudaError(QualType t) {
  if (t.isNull())
    return false;
  if (const auto *et = t.getCanonicalType()->getAs<EnumType>())
    return et->getDecl()->getName() == "cudaError";
  return false;
}

// True when every value of `from` is a value of `to` (Alloy's scalar
// argument rule).
bool valuePreserving(ASTContext &ctx, QualType from, QualType to) {
  from = from.getCanonicalType().getUnqualifiedType();
  to = to.getCanonicalType().getUnqualifiedType();
  if (ctx.hasSameType(from, to))
    return true;
  if (!from->isArithmeticType() || !to->isArithmeticType() ||
      from->isBooleanType() || to->isBooleanType() || from->isEnumeralType() ||
      to->isEnumeralType())
    return false;
  auto precision = [&](QualType t) {
    return llvm::APFloat::semanticsPrecision(ctx.getFloatTypeSemantics(t));
  };
  if (from->isIntegerType() && to->isIntegerType()) {
    bool fs = from->isSignedIntegerType(), ts = to->isSignedIntegerType();
    unsigned fw = ctx.getIntWidth(from), tw = ctx.getIntWidth(to);
    return (fs == ts && tw >= fw) || (!fs && ts && tw > fw);
  }
  if (from->isRealFloatingType() && to->isRealFloatingType())
    return ctx.getFloatingTypeOrder(to, from) >= 0;
  if (from->isIntegerType() && to->isRealFloatingType())
    return ctx.getIntWidth(from) - (from->isSignedIntegerType() ? 1 : 0) <=
           precision(to);
  return false;
}

} // namespace alloy::port
