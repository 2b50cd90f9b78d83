// Compile-time checks of gpu::prepare, gpu::launch and gpu::launch_unchecked
// calls that only the plugin can make, because they need the kernel's
// attributes and parameter names: launching something that is not a
// kernel, preparing a kernel without a contract or with a configuration of
// the wrong rank, arguments that do not fit a parameter (named), and the
// same variable passed as an output and as another argument.
#ifndef ALLOY_COMPILER_LAUNCHCHECKS_H
#define ALLOY_COMPILER_LAUNCHCHECKS_H

namespace clang {
class ASTContext;
class DiagnosticsEngine;
} // namespace clang

namespace alloy {

void checkLaunches(clang::ASTContext &ctx, clang::DiagnosticsEngine &diags);

} // namespace alloy

#endif
