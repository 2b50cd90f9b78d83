//===- GpuTarget.h - What the Alloy lowering targets ------------*- C++ -*-===//

#ifndef ALLOY_CONVERSION_GPUTARGET_H
#define ALLOY_CONVERSION_GPUTARGET_H

#include <string>

namespace alloy {

/// What the lowering targets (convert-alloy-to-llvm's sm, arch-specific and
/// targets options), for patterns whose instruction depends on it.
struct GpuTarget {
  unsigned sm = 80;          // the lowest architecture: 90 for sm_90(a)
  bool archSpecific = false; // the only target is sm_<sm>a
  std::string targets;       // "sm_80,sm_90a", for diagnostics

  /// Whether the code is for exactly the arch-specific target sm_<n>a:
  /// isArchSpecific(90) allows sm_90a's wgmma and setmaxnreg.
  bool isArchSpecific(unsigned n) const { return archSpecific && sm == n; }
  /// The build's architectures, for "... needs sm_90a; the build targets
  /// sm_80,sm_90a".
  std::string targetList() const {
    if (!targets.empty())
      return targets;
    return "sm_" + std::to_string(sm) + (archSpecific ? "a" : "");
  }
};

} // namespace alloy

#endif // ALLOY_CONVERSION_GPUTARGET_H
