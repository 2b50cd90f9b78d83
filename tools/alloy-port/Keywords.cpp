// CUDA spellings that C++ with Alloy's attributes says otherwise:
// - `static __shared__ T x;` in a device function (CUDA's `static` adds
//   nothing: a shared variable is one per block) becomes `__shared__ T x;`;
// - `__noinline__` becomes `__attribute__((noinline))` (the porting layer
//   cannot define the macro: libstdc++ spells GNU's attribute so);
// - `__grid_constant__` on a const kernel parameter goes: Alloy passes such
//   a parameter in place already.
#include "State.h"

#include <regex>

namespace alloy::port {

void rewriteKeywords(State &st) {
  static const std::regex keyword(
      R"(\bstatic([ \t]+)__shared__\b|(\(\()?\b__noinline__\b|\b__grid_constant__\b[ \t]*)");
  const std::string &s = st.original;
  if (s.find("__shared__") == npos && s.find("__noinline__") == npos &&
      s.find("__grid_constant__") == npos)
    return;
  for (auto it = std::sregex_iterator(s.begin(), s.end(), keyword);
       it != std::sregex_iterator(); ++it) {
    const std::smatch &m = *it;
    size_t at = size_t(m.position(0));
    if (m[1].matched) // static __shared__: drop `static` and its blanks
      st.replace(at, at + 6 + m.length(1), "");
    else if (m.str(0).find("__noinline__") != npos) {
      if (!m[2].matched) // not inside __attribute__((...))
        st.replace(at, at + m.length(0), "__attribute__((noinline))");
    } else
      st.replace(at, at + m.length(0), "");
  }
}

} // namespace alloy::port
