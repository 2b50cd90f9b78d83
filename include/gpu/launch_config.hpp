// Launch configurations: grid, block and dynamic shared memory in one, two
// or three dimensions (part of <gpu/runtime.hpp>).
#ifndef GPU_LAUNCH_CONFIG_HPP
#define GPU_LAUNCH_CONFIG_HPP

#include <gpu/device.hpp>

#include <cstdint>
#include <type_traits>

namespace gpu {

// --------------------------------------------------- launch configurations --

namespace detail {
// Extents of any integer type, kept wide so that prepare/launch_unchecked
// can report an out-of-range value; negative values become 0 (rejected).
template <class V> constexpr uint64_t widen_extent(V v) noexcept {
  static_assert(std::is_integral_v<V>, "an extent must be an integer");
  if constexpr (std::is_signed_v<V>)
    if (v < 0)
      return 0;
  return static_cast<uint64_t>(v);
}
// A negative shared memory size becomes one no device has.
template <class V> constexpr uint64_t widen_bytes(V v) noexcept {
  static_assert(std::is_integral_v<V>, "shared_bytes must be an integer");
  if constexpr (std::is_signed_v<V>)
    if (v < 0)
      return UINT64_MAX;
  return static_cast<uint64_t>(v);
}
} // namespace detail

// A 2-D extent; like gpu::dim3, out-of-range values saturate.
struct dim2 {
  uint32_t x = 1, y = 1;
  constexpr dim2() noexcept = default;
  template <class X, class Y = uint32_t>
  constexpr dim2(X x_, Y y_ = 1u) noexcept
      : x(detail::saturate_u32(x_)), y(detail::saturate_u32(y_)) {}
};

struct launch_config_1d {
  static constexpr int rank = 1;
  uint64_t grid = 1, block = 1, shared_bytes = 0;
  // All blocks resident at once, for cooperative groups' grid.sync()
  // (cudaLaunchCooperativeKernel); checked against the occupancy at launch.
  bool cooperative = false;
  template <class G, class B, class S = uint64_t>
  constexpr launch_config_1d(G grid_, B block_, S shared_bytes_ = 0u) noexcept
      : grid(detail::widen_extent(grid_)), block(detail::widen_extent(block_)),
        shared_bytes(detail::widen_bytes(shared_bytes_)) {}
};

struct launch_config_2d {
  static constexpr int rank = 2;
  dim2 grid, block;
  uint64_t shared_bytes = 0;
  bool cooperative = false; // as launch_config_1d's
  template <class S = uint64_t>
  constexpr launch_config_2d(dim2 grid_, dim2 block_,
                             S shared_bytes_ = 0u) noexcept
      : grid(grid_), block(block_),
        shared_bytes(detail::widen_bytes(shared_bytes_)) {}
};

struct launch_config_3d {
  static constexpr int rank = 3;
  dim3 grid, block;
  uint64_t shared_bytes = 0;
  bool cooperative = false; // as launch_config_1d's
  template <class S = uint64_t>
  constexpr launch_config_3d(dim3 grid_, dim3 block_,
                             S shared_bytes_ = 0u) noexcept
      : grid(grid_), block(block_),
        shared_bytes(detail::widen_bytes(shared_bytes_)) {}
};

} // namespace gpu

#endif // GPU_LAUNCH_CONFIG_HPP
