// GPU architecture names as --gpu-arch spells them: "sm_" and a compute
// capability of two or three digits (sm_80, sm_90, sm_100), optionally
// followed by "a", the arch-specific target of exactly that GPU (sm_90a:
// wgmma, setmaxnreg; its cubin runs on compute capability 9.0 and nothing
// else, its PTX is not JIT-compiled for newer GPUs). Everything that reads
// an architecture name in the plugin goes through this.
#ifndef ALLOY_COMPILER_BASIC_GPUARCH_H
#define ALLOY_COMPILER_BASIC_GPUARCH_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace alloy {

struct GpuArch {
  unsigned sm = 80;          // 90 for sm_90 and sm_90a
  bool archSpecific = false; // the "a" suffix
};

// Parses `name`; nullopt (with the reason in `*why`, written as the end of
// "--gpu-arch=NAME: ...") when it is not an architecture Alloy compiles
// for: malformed (sm_9a, sm_90b, compute_90), older than sm_80, or "a"
// on an architecture without arch-specific features (sm_80a, sm_86a).
std::optional<GpuArch> parseGpuArch(llvm::StringRef name,
                                    std::string *why = nullptr);

// The sort key of --gpu-arch lists: by number, sm_90 before sm_90a.
inline unsigned gpuArchOrder(const GpuArch &arch) {
  return arch.sm * 2 + (arch.archSpecific ? 1 : 0);
}

} // namespace alloy

#endif
