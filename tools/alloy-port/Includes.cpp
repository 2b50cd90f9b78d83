#include "State.h"

#include "llvm/ADT/StringSet.h"

namespace alloy::port {
namespace {

// The CUDA headers that the porting layer replaces.
const llvm::StringSet<> cudaHeaders = {"cuda_runtime.h",
                                       "cuda.h",
                                       "cuda_runtime_api.h",
                                       "device_launch_parameters.h",
                                       "cuda_fp16.h",
                                       "cuda_bf16.h",
                                       "mma.h",
                                       "cuda_profiler_api.h",
                                       "device_functions.h",
                                       "vector_types.h",
                                       "helper_cuda.h",
                                       "cooperative_groups.h"};

} // namespace

void rewriteIncludes(State &st) {
  const std::string &s = st.original;
  size_t firstCuda = npos, firstInclude = npos;
  int depth = 0; // of #if blocks
  bool cooperative = false, helperCuda = false;
  std::vector<std::pair<size_t, size_t>> cudaLines;
  size_t pos = 0;
  while (pos < s.size()) {
    size_t end = s.find('\n', pos);
    if (end == npos)
      end = s.size();
    std::string line = s.substr(pos, end - pos);
    size_t h = line.find_first_not_of(" \t");
    if (h != npos && line[h] == '#') {
      size_t k = line.find_first_not_of(" \t", h + 1);
      if (k != npos && line.compare(k, 2, "if") == 0)
        ++depth;
      else if (k != npos && line.compare(k, 5, "endif") == 0)
        --depth;
      if (k != npos && line.compare(k, 7, "include") == 0) {
        if (firstInclude == npos && depth == 0)
          firstInclude = pos;
        size_t open = line.find_first_of("<\"", k + 7);
        size_t close =
            open == npos ? npos : line.find_first_of(">\"", open + 1);
        if (close != npos) {
          std::string header = line.substr(open + 1, close - open - 1);
          std::string base = header.substr(header.rfind('/') + 1);
          if (header.rfind("cooperative_groups/", 0) == 0)
            base = "cooperative_groups.h"; // reduce.h, scan.h
          if (cudaHeaders.contains(base)) {
            cudaLines.push_back({pos, end});
            if (firstCuda == npos)
              firstCuda = pos;
            cooperative |= base == "cooperative_groups.h";
            helperCuda |= base == "helper_cuda.h";
          }
        }
      }
    }
    pos = end + 1;
  }
  std::string alloy = "#include <gpu/gpu.hpp>\n#include <gpu/cuda_compat.hpp>";
  if (cooperative)
    alloy += "\n#include <gpu/cooperative_groups.hpp>";
  if (helperCuda && st.sawHelperString)
    alloy += "\n#include <helper_string.h> // helper_cuda.h's string helpers";
  // nvcc includes cuda_runtime.h before the file's own code: the porting
  // layer goes where the file's first include is, and CUDA's go.
  size_t at = firstInclude != npos ? firstInclude
              : firstCuda != npos  ? firstCuda
                                   : 0;
  bool placed = false;
  for (auto [b, e] : cudaLines) {
    if (b == at) {
      st.replace(b, e, alloy);
      placed = true;
    } else {
      st.replace(b, std::min(e + 1, s.size()), "");
    }
  }
  if (!placed)
    st.insert(at, alloy + "\n");
}

} // namespace alloy::port
