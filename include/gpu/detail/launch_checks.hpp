// Compile-time checks of launch arguments against a kernel's parameters
// (spec: "Launching" and "Scalar arguments").
//
// Each argument is checked by its own instantiation of check_argument<K,
// ArgNo, Param, Arg>, so the compiler's instantiation notes show the
// kernel and the argument, and the static_assert message (a constexpr
// string, accepted by clang in C++23 as an extension) names them too.
#ifndef GPU_DETAIL_LAUNCH_CHECKS_HPP
#define GPU_DETAIL_LAUNCH_CHECKS_HPP

#include <gpu/detail/launch_abi.hpp>
#include <gpu/device_buffer.hpp>
#include <gpu/device_ptr.hpp>

#include <cstddef>
#include <limits>
#include <span>
#include <string_view>
#include <type_traits>
#include <utility>

namespace gpu::detail {

template <class... Ts> struct type_list {};

// ------------------------------------------------------------ signatures --

template <class F> struct kernel_signature {
  static constexpr bool valid = false;
  static constexpr size_t arity = 0;
  using params = type_list<>;
};
template <class... Ps> struct kernel_signature<void (*)(Ps...)> {
  static constexpr bool valid = true;
  static constexpr size_t arity = sizeof...(Ps);
  using params = type_list<Ps...>;
};
template <class... Ps>
struct kernel_signature<void (*)(Ps...) noexcept>
    : kernel_signature<void (*)(Ps...)> {};

template <auto K> constexpr void assert_kernel() {
  static_assert(kernel_signature<decltype(K)>::valid,
                "gpu: a kernel is named by a function returning void, as in "
                "gpu::prepare<kernels::vecadd>");
}

// How each parameter type is passed (the spec's table).
template <class P> struct param_traits {
  static constexpr bool supported =
      std::is_trivially_copyable_v<P> && !std::is_pointer_v<P> &&
      !std::is_member_function_pointer_v<P> && !std::is_reference_v<P>;
  static constexpr param_kind kind = param_kind::scalar;
  using element = void;
};
template <class T, size_t E> struct param_traits<std::span<T, E>> {
  static constexpr bool supported = false; // fixed extent
  static constexpr param_kind kind = param_kind::scalar;
  using element = void;
};
// A span of non-const elements: a raw output that knows its size.
template <class T> struct param_traits<std::span<T, std::dynamic_extent>> {
  static constexpr bool supported =
      std::is_object_v<T> && !std::is_volatile_v<T>;
  static constexpr param_kind kind = param_kind::raw_output;
  using element = T;
};
template <class T>
struct param_traits<std::span<const T, std::dynamic_extent>> {
  static constexpr bool supported = !std::is_volatile_v<T>;
  static constexpr param_kind kind = param_kind::input;
  using element = T;
};
// void * and const void * take any element type, as in C++.
template <class T> struct param_traits<T *> {
  static constexpr bool supported =
      !std::is_volatile_v<T> && (std::is_object_v<T> || std::is_void_v<T>);
  static constexpr param_kind kind = param_kind::raw_output;
  using element = T;
};
template <class T> struct param_traits<const T *> {
  static constexpr bool supported =
      !std::is_volatile_v<T> && (std::is_object_v<T> || std::is_void_v<T>);
  static constexpr param_kind kind = param_kind::input;
  using element = T;
};
template <class T> struct param_traits<disjoint_span<T>> {
  static constexpr bool supported = true;
  static constexpr param_kind kind = param_kind::output;
  using element = T;
};

template <class P> constexpr param_desc desc_of() {
  return {param_traits<P>::kind, sizeof(P)};
}
template <class List> struct param_table;
template <class... Ps> struct param_table<type_list<Ps...>> {
  static constexpr param_desc value[sizeof...(Ps) + 1] = {desc_of<Ps>()..., {}};
};
template <class... Ps>
std::span<const param_desc> param_descs(type_list<Ps...>) {
  return {param_table<type_list<Ps...>>::value, sizeof...(Ps)};
}
template <auto K> std::span<const param_desc> param_descs() {
  return param_descs(typename kernel_signature<decltype(K)>::params{});
}

// ------------------------------------------------------------- arguments --

template <class A> struct buffer_traits {
  static constexpr bool is_buffer = false;
  using element = void;
};
template <class T> struct buffer_traits<device_buffer<T>> {
  static constexpr bool is_buffer = true;
  using element = T;
};

// True when every value of From is a value of To (spec: "Scalar arguments").
template <class From, class To> constexpr bool value_preserving() {
  using FL = std::numeric_limits<From>;
  using TL = std::numeric_limits<To>;
  if constexpr (std::is_same_v<From, To>)
    return true;
  else if constexpr (!std::is_arithmetic_v<From> || !std::is_arithmetic_v<To> ||
                     std::is_same_v<From, bool> || std::is_same_v<To, bool>)
    return false;
  else if constexpr (std::is_integral_v<From> && std::is_integral_v<To>)
    return (!FL::is_signed || TL::is_signed) && TL::digits >= FL::digits;
  else if constexpr (std::is_floating_point_v<From> &&
                     std::is_floating_point_v<To>)
    return TL::digits >= FL::digits && TL::max_exponent >= FL::max_exponent &&
           TL::min_exponent <= FL::min_exponent;
  else if constexpr (std::is_integral_v<From>)
    return TL::digits >= FL::digits;
  else
    return false; // floating to integral
}

enum class arg_problem {
  none,
  unsupported_param,
  host_container,
  host_pointer,
  not_a_buffer,
  element_mismatch,
  temporary_buffer,
  const_output,
  buffer_for_value,
  pointer_for_value,
  narrowing,
  wrong_value_type,
};

template <class D>
concept host_range = requires(const D &d) {
  d.data();
  d.size();
};

template <class P, class A> constexpr arg_problem argument_problem() {
  using D = std::remove_cvref_t<A>;
  using traits = param_traits<P>;
  using buffer = buffer_traits<D>;
  using pointer = device_ptr_traits<D>;
  if constexpr (!traits::supported) {
    return arg_problem::unsupported_param;
  } else if constexpr (traits::kind != param_kind::scalar &&
                       pointer::is_device_ptr) {
    using U = typename pointer::element;
    if constexpr (!std::is_same_v<std::remove_const_t<U>,
                                  typename traits::element> &&
                  !std::is_void_v<typename traits::element>)
      return arg_problem::element_mismatch;
    else if constexpr (traits::kind != param_kind::input && std::is_const_v<U>)
      return arg_problem::const_output;
    else
      return arg_problem::none;
  } else if constexpr (traits::kind != param_kind::scalar) {
    if constexpr (!buffer::is_buffer) {
      if constexpr (std::is_pointer_v<std::decay_t<A>> ||
                    std::is_null_pointer_v<D>)
        return arg_problem::host_pointer;
      else if constexpr (host_range<D>)
        return arg_problem::host_container;
      else
        return arg_problem::not_a_buffer;
    } else if constexpr (!std::is_same_v<typename buffer::element,
                                         typename traits::element> &&
                         !std::is_void_v<typename traits::element>) {
      return arg_problem::element_mismatch;
    } else if constexpr (!std::is_lvalue_reference_v<A>) {
      return arg_problem::temporary_buffer;
    } else if constexpr (traits::kind != param_kind::input &&
                         std::is_const_v<std::remove_reference_t<A>>) {
      return arg_problem::const_output;
    } else {
      return arg_problem::none;
    }
  } else if constexpr (buffer::is_buffer) {
    return arg_problem::buffer_for_value;
  } else if constexpr (pointer::is_device_ptr) {
    return arg_problem::pointer_for_value;
  } else if constexpr (std::is_same_v<D, P> || value_preserving<D, P>()) {
    return arg_problem::none;
  } else if constexpr (std::is_arithmetic_v<D> && std::is_arithmetic_v<P>) {
    return arg_problem::narrowing;
  } else if constexpr (std::is_pointer_v<std::decay_t<A>>) {
    return arg_problem::pointer_for_value;
  } else {
    return arg_problem::wrong_value_type;
  }
}

// A fixed-capacity string built at compile time: libstdc++ 12's
// std::string is not usable in clang's constant evaluation.
struct diagnostic_text {
  char text[1024] = {};
  size_t length = 0;
  constexpr diagnostic_text &operator<<(std::string_view s) {
    for (char c : s)
      if (length + 1 < sizeof(text))
        text[length++] = c;
    return *this;
  }
  constexpr diagnostic_text &operator<<(size_t n) {
    char digits[24] = {};
    size_t count = 0;
    do {
      digits[count++] = char('0' + n % 10);
      n /= 10;
    } while (n != 0);
    while (count != 0)
      *this << std::string_view(&digits[--count], 1);
    return *this;
  }
  constexpr const char *data() const { return text; }
  constexpr size_t size() const { return length; }
};

constexpr std::string_view problem_text(arg_problem p) {
  switch (p) {
  case arg_problem::none:
    return "";
  case arg_problem::unsupported_param:
    return "has a type gpu::launch cannot pass: kernel parameters are "
           "std::span<const T>, const T*, gpu::disjoint_span<T>, T*, "
           "std::span<T> or "
           "trivially copyable values";
  case arg_problem::host_container:
    return "takes device memory, but the argument is a host container: copy "
           "it with gpu::device_buffer<T>::from_host and pass the buffer";
  case arg_problem::host_pointer:
    return "takes device memory, but the argument is a plain pointer: pass a "
           "gpu::device_buffer, or a pointer to device memory (from "
           "gpu::malloc_device or CUDA) as gpu::device_ptr(p)";
  case arg_problem::not_a_buffer:
    return "takes device memory: pass a gpu::device_buffer";
  case arg_problem::element_mismatch:
    return "needs a buffer or gpu::device_ptr of its element type";
  case arg_problem::temporary_buffer:
    return "cannot take a temporary buffer, which would be freed while the "
           "kernel may still run: pass a named gpu::device_buffer";
  case arg_problem::const_output:
    return "is an output, so it needs a non-const gpu::device_buffer or "
           "gpu::device_ptr<T>, but the argument is const";
  case arg_problem::buffer_for_value:
    return "takes a value, not a buffer";
  case arg_problem::pointer_for_value:
    return "takes a value, not a pointer";
  case arg_problem::narrowing:
    return "would narrow the argument: the parameter's type cannot represent "
           "every value of the argument's type (write e.g. 256u for a "
           "uint32_t parameter)";
  case arg_problem::wrong_value_type:
    return "needs a value of the parameter's type";
  }
  return "";
}

template <auto K, size_t ArgNo, class Param, class Arg>
constexpr diagnostic_text argument_message(arg_problem problem) {
  diagnostic_text m;
  if (problem == arg_problem::none)
    return m;
  m << "gpu::launch: argument " << ArgNo << " of kernel '"
    << kernel_static_name<K>() << "' (parameter type '" << type_name<Param>()
    << "') " << problem_text(problem);
  if constexpr (!std::is_void_v<typename param_traits<Param>::element>)
    if (problem == arg_problem::element_mismatch)
      m << ": gpu::device_buffer<"
        << type_name<typename param_traits<Param>::element>() << ">";
  m << "; the argument is '" << type_name<std::remove_reference_t<Arg>>()
    << "'";
  if (!std::is_lvalue_reference_v<Arg>)
    m << " (a temporary)";
  return m;
}

template <auto K, size_t Given> constexpr diagnostic_text count_message() {
  diagnostic_text m;
  constexpr size_t arity = kernel_signature<decltype(K)>::arity;
  if (Given != arity)
    m << "gpu::launch: kernel '" << kernel_static_name<K>() << "' takes "
      << arity << (arity == 1 ? " argument, " : " arguments, ") << Given
      << (Given == 1 ? " was given" : " were given");
  return m;
}

// Alloy's plugin (which defines __ALLOY__) checks every launch itself and
// reports a rejected argument at the argument, with the parameter's
// declaration ([alloy:launch-argument]). The static_asserts below then
// leave it the problems it reports, so that each is reported once; they
// remain for compiles without the plugin and for what it does not check.
#ifdef __ALLOY__
inline constexpr bool plugin_checks_launches = true;
#else
inline constexpr bool plugin_checks_launches = false;
#endif

constexpr bool plugin_reports(arg_problem p) {
  return plugin_checks_launches && p != arg_problem::unsupported_param &&
         p != arg_problem::temporary_buffer;
}

#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wc++26-extensions"

template <auto K, size_t Given> struct check_argument_count {
  static constexpr bool ok = Given == kernel_signature<decltype(K)>::arity;
  static_assert(ok || plugin_checks_launches, count_message<K, Given>());
};

// ArgNo is the argument's 1-based position.
template <auto K, size_t ArgNo, class Param, class Arg> struct check_argument {
  static constexpr arg_problem problem = argument_problem<Param, Arg>();
  static constexpr bool ok = problem == arg_problem::none;
  static_assert(ok || plugin_reports(problem),
                argument_message<K, ArgNo, Param, Arg>(problem));
};

#pragma clang diagnostic pop

template <auto K, class... Ps, class... As, size_t... Is>
constexpr bool all_accepted(type_list<Ps...>, type_list<As...>,
                            std::index_sequence<Is...>) {
  return ((argument_problem<Ps, As>() == arg_problem::none) && ...);
}

// True when the arguments may be marshalled. Pure: it instantiates no
// static_assert, so that a failed check stops here without cascading.
template <auto K, class... Args> constexpr bool arguments_accepted() {
  using sig = kernel_signature<decltype(K)>;
  if constexpr (!sig::valid || sig::arity != sizeof...(Args))
    return false;
  else
    return all_accepted<K>(typename sig::params{}, type_list<Args...>{},
                           std::index_sequence_for<Args...>{});
}

template <auto K, class... Ps, class... As, size_t... Is>
constexpr void diagnose_each(type_list<Ps...>, type_list<As...>,
                             std::index_sequence<Is...>) {
  ((void)check_argument<K, Is + 1, Ps, As>::ok, ...);
}

// Instantiates the checks whose static_asserts explain a rejection, and
// only for a rejected launch: an accepted one (the common case, hundreds
// in a file) pays for no message.
template <auto K, class... Args> constexpr void diagnose_arguments() {
  using sig = kernel_signature<decltype(K)>;
  assert_kernel<K>();
  if constexpr (sig::valid && !arguments_accepted<K, Args...>()) {
    (void)check_argument_count<K, sizeof...(Args)>::ok;
    if constexpr (sig::arity == sizeof...(Args))
      diagnose_each<K>(typename sig::params{}, type_list<Args...>{},
                       std::index_sequence_for<Args...>{});
  }
}

// What a rejected launch compiles to. Without the plugin a static_assert
// has stopped the compile; with it, the plugin has reported the launch.
// Should a launch escape its check (called other than by name), the
// attribute makes a compile that emits the call an error, never a launch
// that silently does nothing.
[[gnu::error("gpu::launch: the arguments do not match the kernel's "
             "parameters")]] void
rejected_launch();

} // namespace gpu::detail

#endif // GPU_DETAIL_LAUNCH_CHECKS_HPP
