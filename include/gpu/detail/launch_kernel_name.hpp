// Kernel and type names for messages, without the plugin.
//
// A kernel is identified by its host function's address (`template <auto
// K>`). Its display name comes from clang's __PRETTY_FUNCTION__ at compile
// time. Clang prints a function-template specialization there without its
// template arguments (`&kernels::axpy`), so at run time the full name
// (`kernels::axpy<float>`) is recovered from the mangled RTTI name of a tag
// type when RTTI is on; a registered module's own name wins over both.
#ifndef GPU_DETAIL_LAUNCH_KERNEL_NAME_HPP
#define GPU_DETAIL_LAUNCH_KERNEL_NAME_HPP

#include <string>
#include <string_view>
#if defined(__cpp_rtti) || defined(__GXX_RTTI)
#include <typeinfo>
#endif

namespace gpu::detail {

// The text after "[NAME = " up to the closing ']' of a pretty function name.
constexpr std::string_view pretty_argument(std::string_view pretty,
                                           std::string_view marker) {
  size_t start = pretty.find(marker);
  if (start == std::string_view::npos)
    return pretty;
  start += marker.size();
  size_t end = pretty.rfind(']');
  if (end == std::string_view::npos || end < start)
    end = pretty.size();
  return pretty.substr(start, end - start);
}

// The qualified name of kernel K, e.g. "kernels::vecadd" (template
// arguments missing for a specialization: see above).
template <auto K> constexpr std::string_view kernel_static_name() {
  std::string_view name = pretty_argument(__PRETTY_FUNCTION__, "[K = ");
  if (!name.empty() && name.front() == '&')
    name.remove_prefix(1);
  return name;
}

// The spelling of type T, e.g. "std::span<const float>".
template <class T> constexpr std::string_view type_name() {
  return pretty_argument(__PRETTY_FUNCTION__, "[T = ");
}

template <auto K> struct kernel_tag {};

// Defined in the runtime: the full name from the mangled name of
// kernel_tag<K> (or `fallback` when that is null or cannot be read).
std::string demangle_kernel_name(std::string_view fallback,
                                 const char *mangled_tag);

// The qualified C++ name of kernel K, with template arguments where RTTI is
// available.
template <auto K> const std::string &kernel_name() {
#if defined(__cpp_rtti) || defined(__GXX_RTTI)
  static const std::string name = demangle_kernel_name(
      kernel_static_name<K>(), typeid(kernel_tag<K>).name());
#else
  static const std::string name =
      demangle_kernel_name(kernel_static_name<K>(), nullptr);
#endif
  return name;
}

} // namespace gpu::detail

#endif // GPU_DETAIL_LAUNCH_KERNEL_NAME_HPP
