// Marshalling of checked launch arguments: each argument becomes an object
// of its parameter's C++ type (a span or pointer over the buffer's device
// memory, or the converted scalar). The runtime receives their addresses
// and splits each into PTX parameters as the module's metadata says.
#ifndef GPU_DETAIL_LAUNCH_MARSHAL_HPP
#define GPU_DETAIL_LAUNCH_MARSHAL_HPP

#include <gpu/detail/launch_checks.hpp>

#include <array>
#include <cstdint>
#include <tuple>
#include <utility>

namespace gpu::detail {

template <class T> T *device_pointer(uint64_t address) noexcept {
  return reinterpret_cast<T *>(static_cast<uintptr_t>(address));
}

// The parameter object for one (already checked) argument.
template <class P, class A> P to_param(A &arg) {
  using traits = param_traits<P>;
  using T = typename traits::element;
  if constexpr (traits::kind == param_kind::scalar) {
    return static_cast<P>(arg);
  } else if constexpr (traits::kind == param_kind::output) {
    // Never null (the kernel is told so): an empty buffer may have no
    // storage, and its span is then never dereferenced.
    uint64_t address = arg.device_address();
    return disjoint_span_access::make(
        device_pointer<T>(address ? address : alignof(T)), arg.size());
  } else if constexpr (traits::kind == param_kind::raw_output) {
    if constexpr (std::is_pointer_v<P>)
      return device_pointer<T>(arg.device_address());
    else
      return P(device_pointer<T>(arg.device_address()), arg.size());
  } else if constexpr (std::is_pointer_v<P>) {
    return device_pointer<const T>(arg.device_address());
  } else {
    return P(device_pointer<const T>(arg.device_address()), arg.size());
  }
}

template <class P, class A>
void add_buffer(buffer_arg *buffers, size_t &count, uint32_t argument,
                const A &arg) {
  using traits = param_traits<P>;
  if constexpr (traits::kind != param_kind::scalar)
    buffers[count++] = {argument, arg.device_address(), arg.bytes(),
                        traits::kind != param_kind::input};
}

template <auto K, class... Ps, size_t... Is, class... Args>
result<void> marshal(type_list<Ps...>, std::index_sequence<Is...>, stream &s,
                     const kernel_handle &kernel, Args &...args) {
  std::tuple<Ps...> objects{to_param<Ps>(args)...};
  std::array<void *, sizeof...(Ps)> pointers{
      static_cast<void *>(&std::get<Is>(objects))...};
  std::array<buffer_arg, sizeof...(Ps)> buffers{};
  size_t buffer_count = 0;
  (add_buffer<Ps>(buffers.data(), buffer_count, uint32_t(Is + 1), args), ...);
  return launch_kernel(
      s, kernel, pointers,
      std::span<const buffer_arg>(buffers.data(), buffer_count));
}

template <auto K, class... Args>
result<void> marshal_and_launch(stream &s, const kernel_handle &kernel,
                                Args &&...args) {
  using sig = kernel_signature<decltype(K)>;
  return marshal<K>(typename sig::params{}, std::index_sequence_for<Args...>{},
                    s, kernel, args...);
}

} // namespace gpu::detail

#endif // GPU_DETAIL_LAUNCH_MARSHAL_HPP
