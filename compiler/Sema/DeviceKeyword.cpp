#include "DeviceKeyword.h"
#include "Basic/ASTUtils.h"
#include "Basic/Diagnostics.h"
#include "Basic/OwnDecls.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclGroup.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Pragma.h"
#include "clang/Lex/Preprocessor.h"

#include <vector>

using namespace clang;

namespace alloy {
namespace {

// Where each __device__ of the translation unit stood (one per process:
// clang compiles one translation unit at a time).
std::vector<SourceLocation> &keywords() {
  static std::vector<SourceLocation> locations;
  return locations;
}

class DeviceKeywordPragma : public PragmaHandler {
public:
  DeviceKeywordPragma() : PragmaHandler("device_keyword") {}
  void HandlePragma(Preprocessor &pp, PragmaIntroducer introducer,
                    Token &token) override {
    while (token.isNot(tok::eod))
      pp.Lex(token);
    keywords().push_back(
        pp.getSourceManager().getExpansionLoc(introducer.Loc));
  }
};

// True when the keyword at `at` stands on the declaration that starts at
// `begin` and names itself at `name`: between the declaration's first
// token and its name (`static __device__ int x`), or just before the
// first token with only other CUDA keywords between (`__device__
// __managed__ int x`).
bool standsOn(SourceLocation at, SourceLocation begin, SourceLocation name,
              const SourceManager &sm, const LangOptions &lang) {
  if (at == begin || (sm.isBeforeInTranslationUnit(begin, at) &&
                      sm.isBeforeInTranslationUnit(at, name)))
    return true;
  if (!sm.isBeforeInTranslationUnit(at, begin))
    return false;
  std::optional<Token> next = Lexer::findNextToken(at, sm, lang);
  for (int steps = 0; next && steps < 8; ++steps) {
    if (next->getLocation() == begin)
      return true;
    if (!next->is(tok::raw_identifier))
      return false;
    StringRef word = next->getRawIdentifier();
    if (!word.starts_with("__") || !word.ends_with("__"))
      return false;
    next = Lexer::findNextToken(next->getLocation(), sm, lang);
  }
  return false;
}

void annotate(Decl *d) {
  if (auto *ns = dyn_cast<NamespaceDecl>(d)) {
    for (Decl *inner : ns->decls())
      annotate(inner);
    return;
  }
  if (auto *spec = dyn_cast<LinkageSpecDecl>(d)) {
    for (Decl *inner : spec->decls())
      annotate(inner);
    return;
  }
  if (auto *rd = dyn_cast<CXXRecordDecl>(d)) {
    for (Decl *inner : rd->decls())
      if (isa<VarDecl, CXXRecordDecl>(inner))
        annotate(inner);
    return;
  }
  auto *vd = dyn_cast<VarDecl>(d);
  if (!vd || !mayBeDeviceGlobal(vd) || vd->getLocation().isInvalid())
    return;
  ASTContext &ast = vd->getASTContext();
  const SourceManager &sm = ast.getSourceManager();
  SourceLocation begin = sm.getExpansionLoc(vd->getBeginLoc());
  SourceLocation name = sm.getExpansionLoc(vd->getLocation());
  for (SourceLocation at : keywords())
    if (standsOn(at, begin, name, sm, ast.getLangOpts())) {
      vd->addAttr(AnnotateAttr::CreateImplicit(ast, kDeviceGlobalAnnotation,
                                               nullptr, 0));
      return;
    }
}

class LocalKeywords : public RecursiveASTVisitor<LocalKeywords> {
public:
  LocalKeywords(ASTContext &ctx, DiagnosticsEngine &diags)
      : ctx(ctx), diags(diags) {}
  bool VisitVarDecl(VarDecl *v) {
    if (!v->isLocalVarDecl() || v->getLocation().isInvalid())
      return true;
    const SourceManager &sm = ctx.getSourceManager();
    SourceLocation begin = sm.getExpansionLoc(v->getBeginLoc());
    SourceLocation name = sm.getExpansionLoc(v->getLocation());
    for (SourceLocation at : keywords())
      if (standsOn(at, begin, name, sm, ctx.getLangOpts())) {
        report(diags, at, diag::warn_device_keyword_local);
        break;
      }
    return true;
  }

private:
  ASTContext &ctx;
  DiagnosticsEngine &diags;
};

} // namespace

void warnDeviceKeywordLocals(ASTContext &ctx, DiagnosticsEngine &diags) {
  if (keywords().empty())
    return;
  LocalKeywords visitor(ctx, diags);
  traverseOwnDecls(visitor, ctx);
}

void recordDeviceKeywords(Preprocessor &pp) {
  keywords().clear();
  pp.AddPragmaHandler("alloy", new DeviceKeywordPragma());
}

void annotateDeviceKeywordVariables(DeclGroupRef group) {
  if (keywords().empty())
    return;
  for (Decl *d : group)
    annotate(d);
}

} // namespace alloy
