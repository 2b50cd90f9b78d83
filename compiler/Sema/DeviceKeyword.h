// CUDA's __device__ (from <gpu/cuda_compat.hpp>) stands on functions, on
// lambdas (`[] __device__ (int i) { ... }`, where C++ admits no GNU
// attribute) and on variables; only on a variable does it mean something:
// a device global, as [[gpu::device]]. So the keyword expands to
// `_Pragma("alloy device_keyword")`, which parses anywhere and leaves no
// token; the pragma records where it stood, and each variable at namespace
// scope (or static data member) declared right there is annotated as
// [[gpu::device]] annotates it.
#ifndef ALLOY_COMPILER_SEMA_DEVICEKEYWORD_H
#define ALLOY_COMPILER_SEMA_DEVICEKEYWORD_H

namespace clang {
class ASTContext;
class DeclGroupRef;
class DiagnosticsEngine;
class Preprocessor;
} // namespace clang

namespace alloy {

// Installs `#pragma alloy device_keyword`.
void recordDeviceKeywords(clang::Preprocessor &pp);
// Annotates the variables of `group` (and of the namespaces and classes in
// it) that a recorded __device__ stands on.
void annotateDeviceKeywordVariables(clang::DeclGroupRef group);
// Warns where a recorded __device__ stands on a local variable, which it
// leaves as it is.
void warnDeviceKeywordLocals(clang::ASTContext &ctx,
                             clang::DiagnosticsEngine &diags);

} // namespace alloy

#endif
