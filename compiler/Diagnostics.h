// Reporting errors from the plugin through clang's diagnostics engine.
#ifndef ALLOY_COMPILER_DIAGNOSTICS_H
#define ALLOY_COMPILER_DIAGNOSTICS_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/Twine.h"

namespace alloy {

// Reports `message` as an error (or a note/warning) at `loc`. Every error
// the plugin gives goes through here, so its messages look alike.
void reportError(clang::DiagnosticsEngine &diags, clang::SourceLocation loc,
                 const llvm::Twine &message);
void reportNote(clang::DiagnosticsEngine &diags, clang::SourceLocation loc,
                const llvm::Twine &message);
void reportWarning(clang::DiagnosticsEngine &diags, clang::SourceLocation loc,
                   const llvm::Twine &message);

} // namespace alloy

#endif
