#include "Diagnostics.h"

#include "clang/Basic/DiagnosticIDs.h"

#include <array>
#include <string>

using namespace clang;

namespace alloy {
namespace {

enum class Level { Error, Warning, Note };

struct Row {
  const char *id;
  Level level;
  const char *format;
};

constexpr Row kRows[] = {
#define ALLOY_DIAG(ID, LEVEL, FORMAT) {#ID, Level::LEVEL, FORMAT},
#include "DiagnosticKinds.def"
};
static_assert(std::size(kRows) == diag::NumKinds);

} // namespace

std::string diagName(diag::Kind kind) {
  llvm::StringRef id = kRows[kind].id;
  id = id.drop_until([](char c) { return c == '_'; }).drop_front();
  std::string name = id.str();
  for (char &c : name)
    if (c == '_')
      c = '-';
  return name;
}

DiagnosticBuilder report(DiagnosticsEngine &diags, SourceLocation loc,
                         diag::Kind kind) {
  const Row &row = kRows[kind];
  std::string text = row.format;
  DiagnosticIDs::CustomDiagDesc desc = [&]() -> DiagnosticIDs::CustomDiagDesc {
    switch (row.level) {
    case Level::Error:
      return {clang::diag::Severity::Error, text + " [alloy:" + diagName(kind) + "]",
              DiagnosticIDs::CLASS_ERROR, /*ShowInSystemHeader=*/true,
              /*ShowInSystemMacro=*/true};
    case Level::Warning:
      return {clang::diag::Severity::Warning,
              text + " [alloy:" + diagName(kind) + "]",
              DiagnosticIDs::CLASS_WARNING};
    case Level::Note:
      break;
    }
    return {clang::diag::Severity::Fatal, text, DiagnosticIDs::CLASS_NOTE,
            /*ShowInSystemHeader=*/true, /*ShowInSystemMacro=*/true};
  }();
  // The engine keeps one ID per distinct description.
  unsigned id = diags.getDiagnosticIDs()->getCustomDiagID(std::move(desc));
  return diags.Report(loc, id);
}

} // namespace alloy
