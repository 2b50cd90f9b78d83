// alloy++'s precompiled <gpu/gpu.hpp>: most of a compile is clang parsing
// the C++23 headers that <gpu/gpu.hpp> includes, so alloy++ precompiles it
// once per set of flags (in a per-user cache) and passes it with
// -include-pch to every later compile whose source starts with it.
#ifndef ALLOY_TOOLS_PRECOMPILEDHEADER_H
#define ALLOY_TOOLS_PRECOMPILEDHEADER_H

#include <string>
#include <vector>

namespace alloy_driver {

struct PchRequest {
  std::string ClangXX;    // the clang++ that compiles
  std::string IncludeDir; // Alloy's include directory
  std::string Plugin;     // the plugin the PCH is built with
  // The clang command's arguments after the program name, as alloy++ will
  // run it (before -include-pch is added).
  std::vector<std::string> Args;
  bool MayBuild = true; // false: use an existing PCH only (--print-command)
};

struct PchResult {
  std::string Path; // the .pch to pass with -include-pch; empty: none
  std::string Note; // why (for --alloy-verbose)
  // The header's own diagnostics under these flags (e.g. -Wpadded), from
  // the PCH's build: clang does not repeat them when it loads the PCH, so
  // alloy++ prints them on every compile that uses it, as without a PCH.
  std::string Warnings;
  // Why the cache directory is not used, when it is unsafe (another user
  // owns it or can write it): alloy++ prints it as a warning.
  std::string Refusal;
};

PchResult precompiledGpuHeader(const PchRequest &Request);

// The headers to precompile for the source, in order, or none. The
// source's first declaration or directive, after comments, #pragma once,
// an include guard (#ifndef FOO_H / #define FOO_H, a name ending in _H,
// _HPP, _CUH, _INCLUDED, ...) and #include <...> lines, must be #include
// <gpu/gpu.hpp> (or "gpu/gpu.hpp"): then precompiling it first changes
// nothing. The Alloy headers (<gpu/...>) that directly follow it join it,
// and so do those before it when no other header comes first.
std::vector<std::string> leadingGpuHeaders(const std::string &Source);

} // namespace alloy_driver

#endif
