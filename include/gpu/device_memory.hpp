// Device memory named by plain pointers, as CUDA's cudaMalloc gives it: for
// code ported from CUDA (and what `alloy port` writes), where device
// pointers live in `float *` variables and pass through ordinary
// functions. device_buffer<T> stays the way to own memory in new code.
//
//   float *d_x = nullptr;
//   gpu::malloc_device(&d_x, n * sizeof(float)).value();   // cudaMalloc
//   gpu::memcpy(d_x, h_x, n * sizeof(float)).value();      // cudaMemcpy
//   gpu::launch_unchecked<k>(gpu::default_stream(), cfg,
//                            gpu::device_ptr(d_x), n).value();
//   gpu::free_device(d_x).value();                          // cudaFree
//
// A launch checks each gpu::device_ptr argument against the driver (device
// memory of the stream's context) and alias-checks outputs over the rest
// of their allocations. Copies find each side's kind (host or device) from
// the pointer, as cudaMemcpy with cudaMemcpyDefault does. The calls
// without a stream use default_stream(). Part of the host API;
// <gpu/runtime.hpp> includes it.
#ifndef GPU_DEVICE_MEMORY_HPP
#define GPU_DEVICE_MEMORY_HPP

#include <gpu/context.hpp>
#include <gpu/device_ptr.hpp>

#include <cstddef>
#include <type_traits>

namespace gpu {
namespace detail {
std::unexpected<gpu::error> overflowing_allocation(size_t count, size_t size);
} // namespace detail

// `bytes` of uninitialized device memory in `s`'s context (null for 0
// bytes, as cudaMalloc gives).
result<void *> malloc_device_bytes(stream &s, size_t bytes);
// Memory for `count` T.
template <class T> result<T *> malloc_device(stream &s, size_t count) {
  static_assert(std::is_trivially_copyable_v<T>,
                "gpu::malloc_device<T> needs a trivially copyable T");
  if (count > SIZE_MAX / sizeof(T))
    return detail::overflowing_allocation(count, sizeof(T));
  auto p = malloc_device_bytes(s, count * sizeof(T));
  if (!p)
    return std::unexpected(p.error());
  return static_cast<T *>(*p);
}
// cudaMalloc's shape: `*out` = `bytes` of device memory of the default
// context.
template <class T> result<void> malloc_device(T **out, size_t bytes) {
  static_assert(!std::is_function_v<T>,
                "gpu::malloc_device allocates memory, not functions");
  auto p = malloc_device_bytes(default_stream(), bytes);
  if (!p)
    return std::unexpected(p.error());
  *out = static_cast<T *>(*p);
  return {};
}
// Frees memory from malloc_device, after the work queued before; null does
// nothing. Any other pointer: ALLOY_ERROR_NOT_DEVICE_MEMORY.
result<void> free_device(const void *p);

// Page-locked host memory (cudaMallocHost), in the default context; freed
// with free_host (null does nothing; any other pointer:
// ALLOY_ERROR_NOT_DEVICE_MEMORY).
result<void *> malloc_host_bytes(size_t bytes);
template <class T> result<void> malloc_host(T **out, size_t bytes) {
  static_assert(!std::is_function_v<T>,
                "gpu::malloc_host allocates memory, not functions");
  auto p = malloc_host_bytes(bytes);
  if (!p)
    return std::unexpected(p.error());
  *out = static_cast<T *>(*p);
  return {};
}
result<void> free_host(const void *p);

// Copies `bytes` from `src` to `dst` (each host or device memory) after the
// stream's earlier work, and returns when the copy is done; device to device
// it returns once the copy is queued, as cudaMemcpy does (the stream orders
// it before later work).
result<void> memcpy(stream &s, void *dst, const void *src, size_t bytes);
result<void> memcpy(void *dst, const void *src, size_t bytes);
// Queues the copy; host memory must stay valid until the stream reaches it
// (pageable host memory is copied before the call returns, as in CUDA).
result<void> memcpy_async(stream &s, void *dst, const void *src,
                          size_t bytes);
// Sets `bytes` of device memory to the byte `value`, queued on the stream.
result<void> memset(stream &s, void *p, int value, size_t bytes);
result<void> memset(void *p, int value, size_t bytes);

// CUDA's out-parameter shapes of the runtime's own calls, for ported code
// (cudaGetDeviceCount, cudaGetDevice, cudaGetDeviceProperties,
// cudaStreamCreate, cudaEventCreate,
// cudaEventElapsedTime, cudaStreamDestroy, cudaEventDestroy): streams and
// events in the default context; destroy empties the object (its
// destructor would free it too).
result<void> device_count(int *out);
result<void> get_default_device(int *out); // cudaGetDevice
result<void> get_device_properties(device_properties *out, int ordinal);
// cudaMemGetInfo: the default context's device memory that is free now,
// and all of it (on the CPU device: the host's available and total memory).
result<void> mem_get_info(size_t *free_bytes, size_t *total_bytes);
result<void> create_stream(stream *out);
result<void> create_event(event *out);
result<void> elapsed_ms(float *ms, const event &start, const event &end);
result<void> destroy(stream &s);
result<void> destroy(event &e);

} // namespace gpu

#endif // GPU_DEVICE_MEMORY_HPP
