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

// What a gpu:: attribute of integer constants takes, checked where it is
// applied (Attributes.cpp) and again where a template is instantiated.
struct IntegerArgsForm {
  const char *name;       // as in [[gpu::NAME(...)]]
  const char *annotation; // the AnnotateAttr it becomes
  unsigned minArgs, maxArgs;
  const char *usage; // the forms it takes, for the error
};
inline constexpr IntegerArgsForm kLaunchContractForm = {
    "launch_contract", kContractAnnotation, 2, 4,
    "(DOMAIN, BX), (DOMAIN, BX, BY) or (DOMAIN, BX, BY, BZ)"};
inline constexpr IntegerArgsForm kLaunchBoundsForm = {
    "launch_bounds", kBoundsAnnotation, 1, 2,
    "(MAX_THREADS) or (MAX_THREADS, MIN_BLOCKS_PER_SM)"};
inline constexpr IntegerArgsForm kClusterDimsForm = {
    "cluster_dims", kClusterAnnotation, 1, 3, "(X), (X, Y) or (X, Y, Z)"};

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
