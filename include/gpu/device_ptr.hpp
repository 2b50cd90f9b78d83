// gpu::device_ptr<T>: a plain pointer into device memory, as code ported
// from CUDA keeps them (cudaMalloc'd `float *d_x`), passed to a kernel's
// pointer or span parameter. The launch checks at run time that it points
// into device memory of the stream's context and takes the rest of that
// allocation as the argument's extent for the alias check
// (<gpu/device_memory.hpp> allocates such memory).
#ifndef GPU_DEVICE_PTR_HPP
#define GPU_DEVICE_PTR_HPP

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace gpu {

template <class T> class device_ptr {
  static_assert(!std::is_volatile_v<T> &&
                    (std::is_object_v<T> || std::is_void_v<T>),
                "gpu::device_ptr<T> points to a non-volatile object type "
                "(or void)");

public:
  using element_type = T;
  constexpr device_ptr() noexcept = default;
  constexpr device_ptr(std::nullptr_t) noexcept {}
  constexpr explicit device_ptr(T *p) noexcept : p_(p) {}
  constexpr T *get() const noexcept { return p_; }
  std::uint64_t device_address() const noexcept {
    return std::uint64_t(reinterpret_cast<std::uintptr_t>(p_));
  }

private:
  T *p_ = nullptr;
};
template <class T> device_ptr(T *) -> device_ptr<T>;

namespace detail {
template <class A> struct device_ptr_traits {
  static constexpr bool is_device_ptr = false;
  using element = void;
};
template <class T> struct device_ptr_traits<device_ptr<T>> {
  static constexpr bool is_device_ptr = true;
  using element = T;
};
} // namespace detail

} // namespace gpu

#endif // GPU_DEVICE_PTR_HPP
