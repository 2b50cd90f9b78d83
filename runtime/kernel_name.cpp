// Kernel display names from the mangled name of kernel_tag<K>.
#include <gpu/runtime.hpp>

#include <cxxabi.h>

#include <cstdlib>
#include <memory>
#include <typeinfo>

namespace gpu::detail {

// "gpu::detail::kernel_tag<&(void kernels::axpy<float>(float))>" ->
// "kernels::axpy<float>"; "...kernel_tag<&kernels::vecadd>" ->
// "kernels::vecadd".
std::string demangle_kernel_name(std::string_view fallback,
                                 const char *mangled_tag) {
  if (!mangled_tag)
    return std::string(fallback);
  int status = 0;
  std::unique_ptr<char, void (*)(void *)> demangled(
      abi::__cxa_demangle(mangled_tag, nullptr, nullptr, &status), std::free);
  if (status != 0 || !demangled)
    return std::string(fallback);
  std::string_view text = demangled.get();
  size_t open = text.find('<');
  if (open == std::string_view::npos || text.back() != '>')
    return std::string(fallback);
  text = text.substr(open + 1, text.size() - open - 2);
  if (text.starts_with('&'))
    text.remove_prefix(1);
  if (text.starts_with('(') && text.ends_with(')'))
    text = text.substr(1, text.size() - 2);
  if (text.ends_with(')')) { // drop the parameter list
    int depth = 0;
    size_t i = text.size();
    while (i-- > 0) {
      if (text[i] == ')')
        ++depth;
      else if (text[i] == '(' && --depth == 0)
        break;
    }
    if (i == std::string_view::npos)
      return std::string(fallback);
    text = text.substr(0, i);
  }
  if (text.starts_with("void ")) // a template's mangled return type
    text.remove_prefix(5);
  if (text.empty())
    return std::string(fallback);
  return std::string(text);
}

std::string tagged_kernel_name(std::string_view fallback, const void *tag) {
  return demangle_kernel_name(
      fallback,
      tag ? static_cast<const std::type_info *>(tag)->name() : nullptr);
}

} // namespace gpu::detail
