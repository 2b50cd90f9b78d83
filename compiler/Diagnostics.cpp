#include "Diagnostics.h"

using namespace clang;

namespace alloy {

static void report(DiagnosticsEngine &diags, DiagnosticsEngine::Level level,
                   SourceLocation loc, const llvm::Twine &message) {
  unsigned id = diags.getCustomDiagID(level, "%0");
  diags.Report(loc, id) << message.str();
}

void reportError(DiagnosticsEngine &diags, SourceLocation loc,
                 const llvm::Twine &message) {
  report(diags, DiagnosticsEngine::Error, loc, message);
}

void reportNote(DiagnosticsEngine &diags, SourceLocation loc,
                const llvm::Twine &message) {
  report(diags, DiagnosticsEngine::Note, loc, message);
}

void reportWarning(DiagnosticsEngine &diags, SourceLocation loc,
                   const llvm::Twine &message) {
  report(diags, DiagnosticsEngine::Warning, loc, message);
}

} // namespace alloy
