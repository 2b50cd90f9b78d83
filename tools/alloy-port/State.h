// What alloy port's rewriting shares: the original text and its parsed
// form, the edits made so far, the notes for what is left, and the questions
// about CUDA's declarations (the stubs) that every rewrite asks.
#ifndef ALLOY_PORT_STATE_H
#define ALLOY_PORT_STATE_H

#include "Edits.h"
#include "LaunchScanner.h"
#include "Port.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace alloy::port {

using namespace clang;

constexpr size_t npos = std::string::npos;

struct State {
  const std::string &original;
  const ParsedText &parsed;
  PortResult &result;
  EditList edits;
  std::vector<std::pair<size_t, size_t>> covered; // replaced ranges
  std::set<std::pair<size_t, std::string>> reported;
  std::vector<size_t> lineStarts;
  bool sawHelperString = false;
  struct MacroUse {
    size_t at, written; // expansion and spelling offsets
    std::string name;
  };
  std::vector<MacroUse> pendingMacros;
  std::vector<size_t> globals; // parsed offsets of __global__

  State(const std::string &o, const ParsedText &p, PortResult &r)
      : original(o), parsed(p), result(r) {
    lineStarts.push_back(0);
    for (size_t i = 0; i < o.size(); ++i)
      if (o[i] == '\n')
        lineStarts.push_back(i + 1);
  }
  void lineColumn(size_t offset, unsigned &line, unsigned &column) const {
    auto it = std::upper_bound(lineStarts.begin(), lineStarts.end(), offset);
    line = unsigned(it - lineStarts.begin());
    column = unsigned(offset - *(it - 1) + 1);
  }
  // (A declaration of several variables visits its type once per
  // variable, and a macro's body is seen at each use: the same edit again
  // is ignored.)
  std::set<std::tuple<size_t, size_t, std::string>> made;
  void insert(size_t at, std::string text) { replace(at, at, std::move(text)); }
  void replace(size_t b, size_t e, std::string text) {
    if (!made.insert({b, e, text}).second)
      return;
    edits.replace(b, e, std::move(text));
    if (e > b)
      covered.push_back({b, e});
  }
  bool isCovered(size_t offset) const {
    for (auto [b, e] : covered)
      if (offset >= b && offset < e)
        return true;
    return false;
  }
  void note(size_t offset, std::string message) {
    if (offset == npos || isCovered(offset) ||
        !reported.insert({offset, message}).second)
      return;
    Note n;
    lineColumn(offset, n.line, n.column);
    n.message = std::move(message);
    result.untranslated.push_back(std::move(n));
  }
};

bool isStubDecl(const SourceManager &sm, const Decl *d);

// The name of a call's callee when the porting stubs declare it (also for
// a call in a template that is not resolved yet).
std::string stubCallee(const SourceManager &sm, const CallExpr *e,
                       const DeclRefExpr **ref);

bool isNamedType(QualType t, llvm::StringRef name);

bool isCudaError(QualType t);

// True when every value of `from` is a value of `to` (Alloy's scalar
// argument rule).
bool valuePreserving(ASTContext &ctx, QualType from, QualType to);

// The include lines: CUDA's headers become Alloy's porting layer.
void rewriteIncludes(State &st);

// `#if __CUDA_ARCH__ >= 700` and the like: 1 or 0 where every GPU that
// Alloy compiles for (sm_80 and newer) decides it.
void rewriteArchConditions(State &st);

// CUDA keywords the porting layer cannot define: `static __shared__` loses
// its `static`, `__noinline__` becomes GNU's attribute, `__grid_constant__`
// goes (Keywords.cpp).
void rewriteKeywords(State &st);

} // namespace alloy::port

#endif // ALLOY_PORT_STATE_H
