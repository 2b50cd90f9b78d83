// A kernel's parameters must be passable from the host: by value, trivially
// copyable, with scalar leaves (CodeGen/KernelABI.h splits them).
#ifndef ALLOY_COMPILER_SEMA_KERNELSIGNATURE_H
#define ALLOY_COMPILER_SEMA_KERNELSIGNATURE_H

namespace clang {
class DiagnosticsEngine;
class FunctionDecl;
} // namespace clang

namespace alloy {

// Reports each parameter of `kernel` that cannot be passed; false if any.
bool checkKernelSignature(const clang::FunctionDecl *kernel,
                          clang::DiagnosticsEngine &diags);

} // namespace alloy

#endif
