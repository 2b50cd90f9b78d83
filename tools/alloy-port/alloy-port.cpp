// alloy-port: `alloy port FILE.cu [-o FILE.cpp] [-- CLANG_ARGS...]`
// rewrites a CUDA file into an Alloy C++ file (Port.h) and reports, each
// with its line, what it left for a person to finish.
#include "Port.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

namespace {

std::string envOr(const char *name, const std::string &fallback) {
  const char *v = std::getenv(name);
  return v && *v ? v : fallback;
}

int usage() {
  std::fprintf(stderr,
               "usage: alloy port FILE.cu [-o FILE.cpp] [-- CLANG_ARGS...]\n"
               "  Rewrites a CUDA file into Alloy C++: launches, the CUDA "
               "runtime's calls,\n  error codes, streams, events and headers. "
               "CLANG_ARGS (-I, -D) are what\n  the file needs to parse. "
               "Without -o the result goes to standard output.\n");
  return 2;
}

} // namespace

int main(int argc, char **argv) {
  alloy::port::PortOptions options;
  std::string output;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--") {
      for (++i; i < argc; ++i)
        options.extraArgs.push_back(argv[i]);
      break;
    }
    if (a == "-o" && i + 1 < argc)
      output = argv[++i];
    else if (a == "-h" || a == "--help")
      return usage(), 0;
    else if (!a.empty() && a[0] == '-')
      return usage();
    else if (options.file.empty())
      options.file = a;
    else
      return usage();
  }
  if (options.file.empty())
    return usage();

  // Where the stubs and Alloy's headers are: the install layout next to
  // this executable, else the build tree's.
  llvm::SmallString<256> self(
      llvm::sys::fs::getMainExecutable(argv[0], (void *)&usage));
  llvm::SmallString<256> prefix =
      llvm::sys::path::parent_path(llvm::sys::path::parent_path(self));
  llvm::SmallString<256> stubs(prefix), include(prefix);
  llvm::sys::path::append(stubs, "share", "alloy", "port-stubs");
  llvm::sys::path::append(include, "include");
  bool installed = llvm::sys::fs::exists(stubs + "/alloy_port_cuda.h");
  options.stubDir =
      envOr("ALLOY_PORT_STUBS",
            installed ? stubs.str().str() : std::string(ALLOY_PORT_STUB_DIR));
  options.includeDir =
      envOr("ALLOY_INCLUDE_DIR",
            installed ? include.str().str() : std::string(ALLOY_INCLUDE_DIR));
  options.resourceDir =
      envOr("ALLOY_CLANG_RESOURCE_DIR", ALLOY_CLANG_RESOURCE_DIR);

  alloy::port::PortResult result;
  std::string error;
  if (!alloy::port::portFile(options, result, error)) {
    std::fprintf(stderr, "alloy port: %s\n", error.c_str());
    return 1;
  }
  if (output.empty()) {
    std::fwrite(result.output.data(), 1, result.output.size(), stdout);
  } else {
    std::ofstream out(output, std::ios::binary);
    out << result.output;
    if (!out) {
      std::fprintf(stderr, "alloy port: cannot write %s\n", output.c_str());
      return 1;
    }
  }
  const char *file = options.file.c_str();
  if (result.parseErrors) {
    std::fprintf(stderr,
                 "%s: warning: the file does not parse as C++ with the "
                 "porting layer (%u errors); what follows them may not be "
                 "rewritten:\n",
                 file, result.parseErrors);
    for (const std::string &line : result.errorLines)
      std::fprintf(stderr, "  %s\n", line.c_str());
  }
  for (const alloy::port::Note &n : result.untranslated)
    std::fprintf(stderr, "%s:%u:%u: not translated: %s\n", file, n.line,
                 n.column, n.message.c_str());
  std::fprintf(stderr,
               "alloy port: %s: %u launches and %u runtime calls rewritten, "
               "%zu places left to finish by hand",
               file, result.launches, result.calls, result.untranslated.size());
  // Parse errors are places too: what they hid was not looked at.
  if (result.parseErrors)
    std::fprintf(stderr, ", and the %u parse errors above", result.parseErrors);
  std::fprintf(stderr, "\n");
  return 0;
}
