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

template <auto K> constexpr std::string_view pretty_kernel() {
  return __PRETTY_FUNCTION__;
}
inline void pretty_kernel_probe() {}
// Where K's spelling starts in pretty_kernel<K>(), the same for every K:
// found once, so that each kernel's name costs no search.
inline constexpr size_t pretty_kernel_offset =
    pretty_kernel<pretty_kernel_probe>().find("[K = ");

// The qualified name of kernel K, e.g. "kernels::vecadd" (template
// arguments missing for a specialization: see above).
template <auto K> constexpr std::string_view kernel_static_name() {
  std::string_view name = pretty_kernel<K>();
  if (pretty_kernel_offset == std::string_view::npos || name.back() != ']')
    return name;
  name = name.substr(pretty_kernel_offset + 5);
  name.remove_suffix(1);
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

// The std::type_info of kernel_tag<K>, or null without RTTI: a constant
// address (void, so that files built with and without RTTI agree).
template <auto K> constexpr const void *kernel_tag_of() {
#if defined(__cpp_rtti) || defined(__GXX_RTTI)
  return &typeid(kernel_tag<K>);
#else
  return nullptr;
#endif
}

// Defined in the runtime: demangle_kernel_name of the tag's mangled name
// (`tag` is kernel_tag_of<K>()).
std::string tagged_kernel_name(std::string_view fallback, const void *tag);

// The qualified C++ name of kernel K, with template arguments where RTTI is
// available.
template <auto K> std::string kernel_name() {
  return tagged_kernel_name(kernel_static_name<K>(), kernel_tag_of<K>());
}

} // namespace gpu::detail

#endif // GPU_DETAIL_LAUNCH_KERNEL_NAME_HPP
