// gpu::device_buffer<T>: typed device memory owned by a context (part of
// <gpu/runtime.hpp>).
#ifndef GPU_DEVICE_BUFFER_HPP
#define GPU_DEVICE_BUFFER_HPP

#include <gpu/context.hpp>

#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace gpu {

// --------------------------------------------------------------- buffers --

namespace detail {
// Untyped device memory; device_buffer<T> is a typed view of it. Every
// operation checks sizes and reports errors; copies wait for the stream.
// The memory is freed with the last buffer that shares it (a whole buffer
// and its views); a wrapped buffer (interop) frees nothing.
class raw_buffer {
public:
  raw_buffer() noexcept = default;
  raw_buffer(raw_buffer &&other) noexcept;
  raw_buffer &operator=(raw_buffer &&other) noexcept;
  ~raw_buffer();

  static result<raw_buffer> allocate(stream &s, size_t count, size_t elem_size,
                                     bool zero);
  // Device memory allocated by other code, which this buffer never frees.
  static result<raw_buffer> wrap(const context &ctx, uint64_t address,
                                 size_t count, size_t elem_size);
  // Elements [offset, offset + count) of this buffer, sharing its memory.
  result<raw_buffer> view(size_t offset, size_t count, size_t elem_size) const;
  result<void> upload(stream &s, const void *src, size_t count,
                      size_t elem_size);
  result<void> download(stream &s, void *dst, size_t count,
                        size_t elem_size) const;

  uint64_t address() const noexcept { return address_; }
  size_t bytes() const noexcept { return bytes_; }
  // False for a buffer that wraps memory allocated by other code.
  bool owns_memory() const noexcept { return owner_ != nullptr; }

private:
  friend struct runtime_access;
  std::shared_ptr<context_state> ctx_;
  std::shared_ptr<void> owner_; // the allocation; null when wrapped
  uint64_t address_ = 0;
  size_t bytes_ = 0;
};
} // namespace detail

template <class T> class device_buffer {
  static_assert(std::is_trivially_copyable_v<T>,
                "gpu::device_buffer<T> needs a trivially copyable T");
  static_assert(!std::is_const_v<T> && !std::is_volatile_v<T>,
                "gpu::device_buffer<T> needs an unqualified T");

public:
  using value_type = T;

  device_buffer() noexcept = default;

  static result<device_buffer> from_host(stream &s, std::span<const T> host) {
    auto raw = detail::raw_buffer::allocate(s, host.size(), sizeof(T), false);
    if (!raw)
      return std::unexpected(raw.error());
    if (auto done = raw->upload(s, host.data(), host.size(), sizeof(T)); !done)
      return std::unexpected(done.error());
    return device_buffer(std::move(*raw));
  }
  static result<device_buffer> zeroed(stream &s, size_t n) {
    return make(detail::raw_buffer::allocate(s, n, sizeof(T), true));
  }
  static result<device_buffer> uninitialized(stream &s, size_t n) {
    return make(detail::raw_buffer::allocate(s, n, sizeof(T), false));
  }
  // Interop: `n` elements at `address` (a CUdeviceptr, or a pointer from
  // cudaMalloc converted with reinterpret_cast<std::uintptr_t>), allocated
  // by other CUDA code, which stays responsible for freeing it; destroying
  // the buffer frees nothing. The memory must belong to `ctx`'s CUDA
  // context (cuPointerGetAttribute) and hold `n` elements.
  static result<device_buffer> wrap(const context &ctx, std::uintptr_t address,
                                    size_t n) {
    return make(detail::raw_buffer::wrap(ctx, address, n, sizeof(T)));
  }

  // Copies the whole buffer to the host, waiting for the stream.
  result<std::vector<T>> to_host(stream &s) const {
    std::vector<T> host(size());
    if (auto done = raw_.download(s, host.data(), host.size(), sizeof(T));
        !done)
      return std::unexpected(done.error());
    return host;
  }
  // Both return once the host memory may be reused or read.
  result<void> copy_from_host(stream &s, std::span<const T> host) {
    return raw_.upload(s, host.data(), host.size(), sizeof(T));
  }
  result<void> copy_to_host(stream &s, std::span<T> host) const {
    return raw_.download(s, host.data(), host.size(), sizeof(T));
  }

  // Elements [offset, offset + count) as a buffer of their own, which
  // keeps the memory alive and is passed to kernels and copies exactly as
  // a whole buffer (launches check views for overlap too). Beyond the
  // buffer's end: ALLOY_ERROR_OUT_OF_RANGE.
  result<device_buffer> view(size_t offset, size_t count) {
    return make(raw_.view(offset, count, sizeof(T)));
  }
  // From `offset` to the end.
  result<device_buffer> view(size_t offset) {
    return view(offset, offset <= size() ? size() - offset : 0);
  }

  size_t size() const noexcept { return raw_.bytes() / sizeof(T); }
  size_t bytes() const noexcept { return raw_.bytes(); }
  bool empty() const noexcept { return raw_.bytes() == 0; }
  // The device address, for the launch machinery and interop.
  uint64_t device_address() const noexcept { return raw_.address(); }
  // Interop: the CUdeviceptr; reinterpret_cast<T *> of it is the pointer
  // that CUDA libraries take.
  std::uintptr_t native_handle() const noexcept {
    return std::uintptr_t(raw_.address());
  }
  // False for a buffer that wraps memory allocated by other code.
  bool owns_memory() const noexcept { return raw_.owns_memory(); }

private:
  friend struct detail::buffer_access;
  explicit device_buffer(detail::raw_buffer raw) : raw_(std::move(raw)) {}
  static result<device_buffer> make(result<detail::raw_buffer> raw) {
    if (!raw)
      return std::unexpected(raw.error());
    return device_buffer(std::move(*raw));
  }
  detail::raw_buffer raw_;
};

} // namespace gpu

#endif // GPU_DEVICE_BUFFER_HPP
