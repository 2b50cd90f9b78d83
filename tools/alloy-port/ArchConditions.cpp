// `#if __CUDA_ARCH__ >= 700` and the like: nvcc's device pass tests the
// GPU's architecture, its host pass sees no __CUDA_ARCH__. Alloy compiles
// device code once, for sm_80 and newer (and for the CPU device, which
// runs the same code), so a comparison that holds, or fails, for every
// architecture from 800 up is replaced by 1 or 0, with the original in a
// comment. Others (>= 900, #ifdef __CUDA_ARCH__) are left to the compiler's
// warning. Tests of __CUDACC__ (nvcc's, to hide kernels from host
// compilers) become the CUDA branch.
#include "State.h"

#include <regex>

namespace alloy::port {

namespace {
// `#ifdef __CUDACC__`, `#if defined(__CUDACC__) && ...`: the file's CUDA
// branch, which holds its kernels and launches, is the one alloy++ is to
// compile, so the test becomes 1 (0 for #ifndef), the original in a comment.
void rewriteCudacc(State &st, size_t pos, const std::string &line) {
  static const std::regex ifdef(
      R"(^([ \t]*#[ \t]*)(ifdef|ifndef)[ \t]+__CUDACC__\b[ \t]*(//.*)?$)");
  static const std::regex conditional(R"(^[ \t]*#[ \t]*(if|elif)\b)");
  static const std::regex defined(
      R"(defined[ \t]*(\([ \t]*__CUDACC__[ \t]*\)|[ \t]__CUDACC__\b))");
  const std::string note = "the CUDA branch, which alloy++ compiles";
  std::smatch m;
  if (std::regex_match(line, m, ifdef)) {
    bool positive = m[2] == "ifdef";
    st.replace(pos + m[1].length(), pos + line.size(),
               std::string("if ") + (positive ? "1 /* #ifdef" : "0 /* #ifndef") +
                   " __CUDACC__: " +
                   (positive ? note : "the host compilers' branch") + " */");
    return;
  }
  if (!std::regex_search(line, conditional))
    return;
  for (auto it = std::sregex_iterator(line.begin(), line.end(), defined);
       it != std::sregex_iterator(); ++it)
    st.replace(pos + it->position(0), pos + it->position(0) + it->length(0),
               "1 /* defined(__CUDACC__): " + note + " */");
}
} // namespace

void rewriteArchConditions(State &st) {
  static const std::regex condition(
      R"(^([ \t]*#[ \t]*(?:if|elif)[ \t]+)\(?[ \t]*__CUDA_ARCH__[ \t]*(>=|>|<=|<)[ \t]*([0-9]+)[ \t]*\)?[ \t]*(//.*)?$)");
  const std::string &s = st.original;
  size_t pos = 0;
  while (pos < s.size()) {
    size_t end = s.find('\n', pos);
    if (end == npos)
      end = s.size();
    std::string line = s.substr(pos, end - pos);
    if (!line.empty() && line.back() == '\r')
      line.pop_back();
    std::smatch m;
    if (line.find("__CUDACC__") != npos)
      rewriteCudacc(st, pos, line);
    else if (line.find("__CUDA_ARCH__") != npos &&
        std::regex_match(line, m, condition)) {
      std::string op = m[2];
      long n = std::stol(m[3]);
      constexpr long lowest = 800; // Alloy's oldest GPU architecture
      int value = -1;              // 1, 0, or -1: depends on the GPU
      if (op == ">=")
        value = n <= lowest ? 1 : -1;
      else if (op == ">")
        value = n < lowest ? 1 : -1;
      else if (op == "<")
        value = n <= lowest ? 0 : -1;
      else if (op == "<=")
        value = n < lowest ? 0 : -1;
      if (value >= 0) {
        std::string was = line.substr(m.position(0) + m[1].length());
        while (!was.empty() && (was.back() == ' ' || was.back() == '\t'))
          was.pop_back();
        st.replace(pos + m[1].length(), pos + line.size(),
                   std::to_string(value) + " /* " + was + ": " +
                       (value ? "true" : "false") +
                       " on every GPU Alloy compiles for (sm_80 and "
                       "newer) */");
      }
    }
    pos = end + 1;
  }
}

} // namespace alloy::port
