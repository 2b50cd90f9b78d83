// Asynchronous copies and fills on a stream: device buffers from and to
// page-locked host memory (gpu::pinned_buffer), device to device, and
// memset/fill of device memory. Each returns once the work is queued; the
// memory must stay alive until the stream has finished it (synchronize,
// an event, or a later blocking call on the stream). Part of the host API;
// <gpu/runtime.hpp> includes it.
#ifndef GPU_TRANSFERS_HPP
#define GPU_TRANSFERS_HPP

#include <gpu/device_buffer.hpp>
#include <gpu/pinned_buffer.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace gpu {
namespace detail {
struct buffer_access {
  template <class T>
  static const raw_buffer &raw(const device_buffer<T> &b) noexcept {
    return b.raw_;
  }
};

result<void> copy_to_device_async(stream &s, const raw_buffer &dst,
                                  const void *src, size_t count,
                                  size_t elem_size);
result<void> copy_to_host_async(stream &s, void *dst, size_t count,
                                const raw_buffer &src, size_t elem_size);
result<void> copy_device_async(stream &s, const raw_buffer &dst,
                               const raw_buffer &src, size_t elem_size);
// `pattern` repeated over the buffer, `width` (1, 2 or 4) bytes at a time.
result<void> fill_async(stream &s, const raw_buffer &dst, uint32_t pattern,
                        unsigned width, const char *what);
} // namespace detail

// Host to device, from page-locked memory: queued on `s`, not waited for.
// The sizes must be equal (copy a view for part of a buffer).
template <class T>
result<void> copy_async(stream &s, device_buffer<T> &dst,
                        const pinned_buffer<T> &src) {
  return detail::copy_to_device_async(s, detail::buffer_access::raw(dst),
                                      src.data(), src.size(), sizeof(T));
}

// Device to page-locked host memory: queued on `s`; read `dst` after the
// stream (or an event recorded after the copy) has been synchronized.
template <class T>
result<void> copy_async(stream &s, pinned_buffer<T> &dst,
                        const device_buffer<T> &src) {
  return detail::copy_to_host_async(s, dst.data(), dst.size(),
                                    detail::buffer_access::raw(src), sizeof(T));
}

// Device to device (cuMemcpyDtoDAsync), equal sizes; overlapping source
// and destination (views of one buffer) are ALLOY_ERROR_ALIASING.
template <class T>
result<void> copy_async(stream &s, device_buffer<T> &dst,
                        const device_buffer<T> &src) {
  return detail::copy_device_async(s, detail::buffer_access::raw(dst),
                                   detail::buffer_access::raw(src), sizeof(T));
}

// Every byte of the buffer set to `value` (cuMemsetD8Async).
template <class T>
result<void> memset_async(stream &s, device_buffer<T> &dst,
                          unsigned char value) {
  return detail::fill_async(s, detail::buffer_access::raw(dst), value, 1,
                            "gpu::memset_async");
}

// Every element set to `value`, for elements of 1, 2 or 4 bytes
// (cuMemsetD8Async/D16Async/D32Async: float, int32_t, uint16_t, ...).
template <class T>
result<void> fill_async(stream &s, device_buffer<T> &dst, const T &value) {
  static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4,
                "gpu::fill_async takes elements of 1, 2 or 4 bytes; use a "
                "kernel for larger ones");
  uint32_t pattern = 0;
  if constexpr (sizeof(T) == 1) {
    uint8_t bits;
    std::memcpy(&bits, &value, 1);
    pattern = bits;
  } else if constexpr (sizeof(T) == 2) {
    uint16_t bits;
    std::memcpy(&bits, &value, 2);
    pattern = bits;
  } else {
    std::memcpy(&pattern, &value, 4);
  }
  return detail::fill_async(s, detail::buffer_access::raw(dst), pattern,
                            unsigned(sizeof(T)), "gpu::fill_async");
}

} // namespace gpu

#endif // GPU_TRANSFERS_HPP
