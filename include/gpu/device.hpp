// Alloy's device API: what kernels and the functions they call may use.
//
// Everything here is ordinary C++ built on the intrinsics of
// <gpu/detail/intrinsics.hpp>, so the plugin lowers it like user code and a
// file compiled without the plugin still compiles and links.
#ifndef GPU_DEVICE_HPP
#define GPU_DEVICE_HPP

#include <gpu/detail/intrinsics.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <span>
#include <type_traits>

namespace gpu {

namespace detail {
// Extents of any integer type: out-of-range values saturate, so that the
// launch checks report them instead of a silent wrap.
template <class V> constexpr uint32_t saturate_u32(V v) noexcept {
  static_assert(std::is_integral_v<V>, "an extent must be an integer");
  if constexpr (std::is_same_v<V, uint32_t>) {
    return v;
  } else {
    if constexpr (std::is_signed_v<V>)
      if (v < 0)
        return 0;
    if (static_cast<unsigned long long>(v) > 0xffffffffull)
      return 0xffffffffu;
    return static_cast<uint32_t>(v);
  }
}
} // namespace detail

struct dim3 {
  uint32_t x = 1, y = 1, z = 1;
  constexpr dim3() noexcept = default;
  template <class X, class Y = uint32_t, class Z = uint32_t>
  constexpr dim3(X x_, Y y_ = 1u, Z z_ = 1u) noexcept
      : x(detail::saturate_u32(x_)), y(detail::saturate_u32(y_)),
        z(detail::saturate_u32(z_)) {}
};

inline dim3 thread_idx() noexcept {
  return {detail::thread_id_x(), detail::thread_id_y(), detail::thread_id_z()};
}
inline dim3 block_idx() noexcept {
  return {detail::block_id_x(), detail::block_id_y(), detail::block_id_z()};
}
inline dim3 block_dim() noexcept {
  return {detail::block_dim_x(), detail::block_dim_y(), detail::block_dim_z()};
}
inline dim3 grid_dim() noexcept {
  return {detail::grid_dim_x(), detail::grid_dim_y(), detail::grid_dim_z()};
}

class thread_index;
class thread_index_2d;
template <class T> class disjoint_span;

namespace thread {
thread_index index_1d() noexcept;
thread_index_2d index_2d() noexcept;
} // namespace thread

// The global 1-D index of the calling thread. Only gpu::thread::index_1d()
// makes one, so a thread_index always names the thread that holds it.
class thread_index {
public:
  constexpr size_t get() const noexcept { return value_; }

private:
  constexpr explicit thread_index(size_t value) noexcept : value_(value) {}
  friend thread_index thread::index_1d() noexcept;
  size_t value_;
};

class thread_index_2d {
public:
  constexpr size_t row() const noexcept { return row_; }
  constexpr size_t col() const noexcept { return col_; }

private:
  constexpr thread_index_2d(size_t row, size_t col) noexcept
      : row_(row), col_(col) {}
  friend thread_index_2d thread::index_2d() noexcept;
  size_t row_;
  size_t col_;
};

namespace thread {
inline thread_index index_1d() noexcept {
  return thread_index(size_t(detail::block_id_x()) * detail::block_dim_x() +
                      detail::thread_id_x());
}
inline thread_index_2d index_2d() noexcept {
  return thread_index_2d(size_t(detail::block_id_y()) * detail::block_dim_y() +
                             detail::thread_id_y(),
                         size_t(detail::block_id_x()) * detail::block_dim_x() +
                             detail::thread_id_x());
}
} // namespace thread

namespace detail {
struct disjoint_span_access;
} // namespace detail

// An output of which each thread owns at most one element: the one at its
// own thread_index. There is no other way to write through it.
template <class T> class disjoint_span {
  static_assert(!std::is_const_v<T>, "gpu::disjoint_span is an output");

public:
  using element_type = T;

  T *get_mut(thread_index index) const noexcept {
    return index.get() < size_ ? data_ + index.get() : nullptr;
  }
  constexpr size_t size() const noexcept { return size_; }

private:
  constexpr disjoint_span(T *data, size_t size) noexcept
      : data_(data), size_(size) {}
  friend struct detail::disjoint_span_access;
  T *data_;
  size_t size_;
};

namespace detail {
// Host-side construction, for the launch machinery only.
struct disjoint_span_access {
  template <class T>
  static constexpr disjoint_span<T> make(T *data, size_t size) noexcept {
    return disjoint_span<T>(data, size);
  }
  template <class T> static constexpr T *data(disjoint_span<T> s) noexcept {
    return s.data_;
  }
};
} // namespace detail

inline void sync_threads() noexcept { detail::barrier(); }
inline void thread_fence() noexcept { detail::fence_device(); }
inline void thread_fence_block() noexcept { detail::fence_block(); }
[[noreturn]] inline void trap() noexcept { detail::trap(); }

// One array per block in shared memory (CUDA's __shared__).
template <class T, size_t N>
class [[clang::annotate("alloy.shared_array")]] shared_array {
public:
  T &operator[](size_t i) noexcept { return data_[i]; }
  const T &operator[](size_t i) const noexcept { return data_[i]; }
  static constexpr size_t size() noexcept { return N; }
  T *data() noexcept { return data_; }
  const T *data() const noexcept { return data_; }

private:
  T data_[N];
};

// printf from the device (CUDA's vprintf: the output appears when the host
// next synchronizes). On the host: std::printf.
template <class... Args>
ALLOY_INTRINSIC("printf")
inline int printf(const char *format, Args... args) noexcept {
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wformat-security"
#pragma clang diagnostic ignored "-Wformat-nonliteral"
  return std::printf(format, args...);
#pragma clang diagnostic pop
}

template <class T> std::span<T> dynamic_shared() noexcept {
  return std::span<T>(static_cast<T *>(detail::dynamic_shared_base()),
                      detail::dynamic_shared_size() / sizeof(T));
}

} // namespace gpu

#include <gpu/atomic.hpp>
#include <gpu/collectives.hpp>
#include <gpu/math.hpp>
#include <gpu/memory.hpp>
#include <gpu/vector.hpp>
#include <gpu/warp.hpp>

#endif // GPU_DEVICE_HPP
