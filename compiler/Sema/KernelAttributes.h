// The gpu:: attributes of the spec, as the plugin records them on a
// declaration and reads them back.
//
// The attribute handlers (Attributes.cpp) turn each gpu:: attribute into a
// clang AnnotateAttr named below, keeping its argument expressions; template
// instantiation copies them, so kernel templates get them too.
#ifndef ALLOY_COMPILER_SEMA_KERNELATTRIBUTES_H
#define ALLOY_COMPILER_SEMA_KERNELATTRIBUTES_H

#include "Basic/ASTUtils.h"

#include "clang/Basic/SourceLocation.h"
#include <array>
#include <cstdint>
#include <optional>

namespace clang {
class ASTContext;
class DiagnosticsEngine;
class FunctionDecl;
} // namespace clang

namespace alloy {

struct LaunchContract {
  uint32_t domain = 1;
  std::array<uint32_t, 3> block = {1, 1, 1};
  clang::SourceLocation loc;
  uint64_t threads() const { return uint64_t(block[0]) * block[1] * block[2]; }
};

struct LaunchBounds {
  uint32_t maxThreads = 0;
  uint32_t minBlocks = 0; // 0: not given
  clang::SourceLocation loc;
};

struct ClusterDims {
  std::array<uint32_t, 3> blocks = {1, 1, 1};
  clang::SourceLocation loc;
};

struct KernelAttributes {
  bool isKernel = false;
  clang::SourceLocation kernelLoc;
  std::optional<LaunchContract> contract;
  std::optional<LaunchBounds> bounds;
  std::optional<ClusterDims> cluster;
};

// Reads the attributes of `fn` (an instantiated, non-dependent declaration).
// Malformed values were diagnosed when the attribute was applied, or are
// diagnosed here for template-dependent ones; `ok` is false then.
KernelAttributes readKernelAttributes(const clang::FunctionDecl *fn,
                                      clang::ASTContext &ctx,
                                      clang::DiagnosticsEngine &diags,
                                      bool &ok);

} // namespace alloy

#endif
