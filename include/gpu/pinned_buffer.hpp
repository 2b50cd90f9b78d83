// gpu::pinned_buffer<T>: page-locked host memory (cuMemAllocHost), which the
// GPU reads and writes directly, so that copies from and to it run
// asynchronously on a stream (<gpu/transfers.hpp>). Part of the host API;
// <gpu/runtime.hpp> includes it.
#ifndef GPU_PINNED_BUFFER_HPP
#define GPU_PINNED_BUFFER_HPP

#include <gpu/context.hpp>

#include <cstddef>
#include <memory>
#include <span>
#include <type_traits>

namespace gpu {
namespace detail {
// Untyped page-locked host memory, freed (cuMemFreeHost) with the object.
class raw_pinned {
public:
  raw_pinned() noexcept = default;
  raw_pinned(raw_pinned &&other) noexcept;
  raw_pinned &operator=(raw_pinned &&other) noexcept;
  ~raw_pinned();

  // Zero-filled.
  static result<raw_pinned> allocate(const context &ctx, size_t count,
                                     size_t elem_size);

  void *data() const noexcept { return data_; }
  size_t bytes() const noexcept { return bytes_; }

private:
  std::shared_ptr<context_state> ctx_;
  void *data_ = nullptr;
  size_t bytes_ = 0;
};
} // namespace detail

template <class T> class pinned_buffer {
  static_assert(std::is_trivially_copyable_v<T>,
                "gpu::pinned_buffer<T> needs a trivially copyable T");
  static_assert(!std::is_const_v<T> && !std::is_volatile_v<T>,
                "gpu::pinned_buffer<T> needs an unqualified T");

public:
  using value_type = T;

  pinned_buffer() noexcept = default;

  // `n` zeroed elements of page-locked memory of `ctx`'s device.
  static result<pinned_buffer> allocate(const context &ctx, size_t n) {
    auto raw = detail::raw_pinned::allocate(ctx, n, sizeof(T));
    if (!raw)
      return std::unexpected(raw.error());
    return pinned_buffer(std::move(*raw));
  }

  T *data() noexcept { return static_cast<T *>(raw_.data()); }
  const T *data() const noexcept { return static_cast<const T *>(raw_.data()); }
  size_t size() const noexcept { return raw_.bytes() / sizeof(T); }
  size_t bytes() const noexcept { return raw_.bytes(); }
  bool empty() const noexcept { return raw_.bytes() == 0; }
  T &operator[](size_t i) noexcept { return data()[i]; }
  const T &operator[](size_t i) const noexcept { return data()[i]; }
  T *begin() noexcept { return data(); }
  T *end() noexcept { return data() + size(); }
  const T *begin() const noexcept { return data(); }
  const T *end() const noexcept { return data() + size(); }
  std::span<T> span() noexcept { return {data(), size()}; }
  std::span<const T> span() const noexcept { return {data(), size()}; }
  operator std::span<T>() noexcept { return span(); }
  operator std::span<const T>() const noexcept { return span(); }

private:
  explicit pinned_buffer(detail::raw_pinned raw) : raw_(std::move(raw)) {}
  detail::raw_pinned raw_;
};

} // namespace gpu

#endif // GPU_PINNED_BUFFER_HPP
