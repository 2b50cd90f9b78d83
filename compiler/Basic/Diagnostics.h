// Alloy's diagnostics: one table (DiagnosticKinds.def) of IDs and formats,
// reported through clang's diagnostics engine. Call sites stream arguments:
//
//   alloy::report(diags, loc, diag::err_device_throw) << range;
#ifndef ALLOY_COMPILER_BASIC_DIAGNOSTICS_H
#define ALLOY_COMPILER_BASIC_DIAGNOSTICS_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"

namespace alloy {
namespace diag {
enum Kind : unsigned {
#define ALLOY_DIAG(ID, LEVEL, FORMAT) ID,
#include "DiagnosticKinds.def"
  NumKinds
};
} // namespace diag

// Starts diagnostic `kind` at `loc`; it is emitted when the builder dies.
clang::DiagnosticBuilder report(clang::DiagnosticsEngine &diags,
                                clang::SourceLocation loc, diag::Kind kind);

// The printed ID of `kind`, e.g. "device-throw" for err_device_throw.
std::string diagName(diag::Kind kind);

} // namespace alloy

#endif
