// Device globals from the host: the GPU's copy of a [[gpu::device]] or
// [[gpu::constant]] variable (CUDA's __device__ and __constant__ variables
// and cudaMemcpyToSymbol, cudaMemcpyFromSymbol, cudaGetSymbolAddress).
// The host variable names the symbol; the host's own copy is separate and
// unchanged by these calls (on the CPU device the two are one). Each call
// waits for the stream's earlier work, copies, and returns once the host
// memory may be reused. Part of the host API; <gpu/runtime.hpp> includes it.
#ifndef GPU_SYMBOLS_HPP
#define GPU_SYMBOLS_HPP

#include <gpu/context.hpp>

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace gpu {
namespace detail {
result<void> copy_symbol(stream &s, const void *variable, size_t size,
                         void *host, size_t bytes, size_t offset,
                         bool to_device);
result<std::uintptr_t> symbol_address(stream &s, const void *variable);

template <class T> constexpr void check_symbol_type() {
  static_assert(std::is_trivially_copyable_v<T>,
                "a device global has a trivially copyable type");
}
} // namespace detail

// Sets the GPU's copy of `symbol` to `value`.
template <class T>
result<void> copy_to_symbol(stream &s, T &symbol,
                            const std::type_identity_t<T> &value) {
  detail::check_symbol_type<T>();
  return detail::copy_symbol(s, &symbol, sizeof(T), const_cast<T *>(&value),
                             sizeof(T), 0, true);
}

// Writes `bytes` bytes from `src` at byte `offset` of the GPU's copy of
// `symbol` (cudaMemcpyToSymbol(symbol, src, bytes, offset)).
template <class T>
result<void> copy_to_symbol(stream &s, T &symbol, const void *src,
                            size_t bytes, size_t offset = 0) {
  detail::check_symbol_type<T>();
  return detail::copy_symbol(s, &symbol, sizeof(T), const_cast<void *>(src),
                             bytes, offset, true);
}

// Reads the GPU's copy of `symbol` into `out`.
template <class T>
result<void> copy_from_symbol(stream &s, std::type_identity_t<T> &out,
                              const T &symbol) {
  detail::check_symbol_type<T>();
  return detail::copy_symbol(s, &symbol, sizeof(T), &out, sizeof(T), 0,
                             false);
}

// Reads `bytes` bytes at byte `offset` of the GPU's copy of `symbol` into
// `dst` (cudaMemcpyFromSymbol(dst, symbol, bytes, offset)).
template <class T>
result<void> copy_from_symbol(stream &s, void *dst, const T &symbol,
                              size_t bytes, size_t offset = 0) {
  detail::check_symbol_type<T>();
  return detail::copy_symbol(s, &symbol, sizeof(T), dst, bytes, offset, false);
}

// The device address of the GPU's copy of `symbol` in the stream's context
// (cudaGetSymbolAddress), for interop and for device_buffer<T>::wrap.
template <class T>
result<std::uintptr_t> symbol_address(stream &s, const T &symbol) {
  detail::check_symbol_type<T>();
  return detail::symbol_address(s, &symbol);
}

} // namespace gpu

#endif // GPU_SYMBOLS_HPP
