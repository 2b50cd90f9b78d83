// Marshalling of checked launch arguments: each argument becomes an object
// of its parameter's C++ type (a span or pointer over the buffer's device
// memory, or the converted scalar). The runtime receives their addresses
// and splits each into PTX parameters as the module's metadata says.
#ifndef GPU_DETAIL_LAUNCH_MARSHAL_HPP
#define GPU_DETAIL_LAUNCH_MARSHAL_HPP

#include <gpu/detail/launch_checks.hpp>
#include <gpu/device_buffer.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <tuple>
#include <utility>

namespace gpu::detail {

template <class T> T *device_pointer(uint64_t address) noexcept {
  return reinterpret_cast<T *>(static_cast<uintptr_t>(address));
}

// Where a memory argument's bytes are: a buffer's own range, or for a
// device_ptr the rest of its allocation (asked of the driver at launch).
// A device_ptr's true extent is unknown (CUDA code carves one allocation
// into several arrays), so the alias check sees only its first element:
// it catches the same pointer passed twice, not a longer overlap.
struct memory_arg {
  uint64_t address = 0;
  uint64_t bytes = 0;
  uint64_t checked_bytes = 0; // for the alias check
};

template <class P, class A>
void locate(const kernel_handle &kernel, uint32_t argument, const A &arg,
            memory_arg &out, std::optional<gpu::error> &failure) {
  if constexpr (param_traits<P>::kind == param_kind::scalar) {
    return;
  } else if constexpr (device_ptr_traits<A>::is_device_ptr) {
    if (failure || arg.get() == nullptr)
      return;
    auto bytes = device_pointer_extent(kernel, arg.device_address(), argument);
    if (!bytes)
      failure = bytes.error();
    else {
      using E = typename param_traits<P>::element;
      constexpr uint64_t first =
          sizeof(std::conditional_t<std::is_void_v<E>, unsigned char, E>);
      out = {arg.device_address(), *bytes, *bytes < first ? *bytes : first};
    }
  } else {
    out = {arg.device_address(), arg.bytes(), arg.bytes()};
  }
}

// The parameter object for one (already checked and located) argument.
template <class P, class A> P to_param(A &arg, const memory_arg &m) {
  using traits = param_traits<P>;
  using T = typename traits::element;
  if constexpr (traits::kind == param_kind::scalar) {
    return static_cast<P>(arg);
  } else if constexpr (traits::kind == param_kind::output) {
    // Never null (the kernel is told so): an empty buffer may have no
    // storage, and its span is then never dereferenced.
    return disjoint_span_access::make(
        device_pointer<T>(m.address ? m.address : alignof(T)),
        m.bytes / sizeof(T));
  } else if constexpr (traits::kind == param_kind::raw_output) {
    if constexpr (std::is_pointer_v<P>)
      return device_pointer<T>(m.address);
    else
      return P(device_pointer<T>(m.address), m.bytes / sizeof(T));
  } else if constexpr (std::is_pointer_v<P>) {
    return device_pointer<const T>(m.address);
  } else {
    return P(device_pointer<const T>(m.address), m.bytes / sizeof(T));
  }
}

template <class P>
void add_buffer(buffer_arg *buffers, size_t &count, uint32_t argument,
                const memory_arg &m) {
  using traits = param_traits<P>;
  if constexpr (traits::kind != param_kind::scalar)
    buffers[count++] = {argument, m.address, m.checked_bytes,
                        traits::kind != param_kind::input};
}

// Not a template of the kernel, and not inlined: the kernels of one
// signature share one copy (a file with 200 kernel instances compiled 200
// copies before, a fifth of its host code).
template <class... Ps, size_t... Is, class... Args>
[[gnu::noinline]] result<void>
marshal(type_list<Ps...>, std::index_sequence<Is...>, stream &s,
        const kernel_handle &kernel, Args &...args) {
  std::array<memory_arg, sizeof...(Ps)> memory{};
  std::optional<gpu::error> failure;
  (locate<Ps>(kernel, uint32_t(Is + 1), std::as_const(args), memory[Is],
              failure),
   ...);
  if (failure)
    return std::unexpected(std::move(*failure));
  std::tuple<Ps...> objects{to_param<Ps>(args, memory[Is])...};
  std::array<void *, sizeof...(Ps)> pointers{
      static_cast<void *>(&std::get<Is>(objects))...};
  std::array<buffer_arg, sizeof...(Ps)> buffers{};
  size_t buffer_count = 0;
  (add_buffer<Ps>(buffers.data(), buffer_count, uint32_t(Is + 1), memory[Is]),
   ...);
  return launch_kernel(
      s, kernel, pointers,
      std::span<const buffer_arg>(buffers.data(), buffer_count));
}

// gpu::launch_unchecked's body, shared like marshal by the kernels of one
// signature: only the key and the configuration depend on the kernel.
template <class... Ps, size_t... Is, class... Args>
[[gnu::noinline]] result<void>
prepare_and_marshal(type_list<Ps...> params, std::index_sequence<Is...> order,
                    stream &s, const kernel_key &key, const launch_dims &dims,
                    Args &...args) {
  auto handle = prepare_kernel(key, s, dims, param_descs(params),
                               contract_use::block_only);
  if (!handle)
    return std::unexpected(std::move(handle.error()));
  return marshal(params, order, s, *handle, args...);
}

template <auto K, class... Args>
result<void> marshal_and_launch(stream &s, const kernel_handle &kernel,
                                Args &&...args) {
  using sig = kernel_signature<decltype(K)>;
  return marshal(typename sig::params{}, std::index_sequence_for<Args...>{}, s,
                 kernel, args...);
}

} // namespace gpu::detail

#endif // GPU_DETAIL_LAUNCH_MARSHAL_HPP
