// Warp-level operations (see <gpu/device.hpp>), CUDA's __shfl*_sync,
// __ballot_sync, __all_sync, __any_sync and __syncwarp with width 32.
//
// Every lane named in `mask` (default: all 32) must make the same call;
// they are convergent. Shuffles move 32- and 64-bit integers, float and
// double; a source lane outside the warp gives the caller its own value.
#ifndef GPU_WARP_HPP
#define GPU_WARP_HPP

#include <gpu/detail/atomic_intrinsics.hpp>
#include <gpu/detail/intrinsics.hpp>

#include <cstdint>
#include <type_traits>

namespace gpu::detail {
template <class T>
inline constexpr bool is_shuffle_type_v = std::is_same_v<T, float> ||
                                          std::is_same_v<T, double> ||
                                          (std::is_integral_v<T> &&
                                           !std::is_same_v<T, bool> &&
                                           (sizeof(T) == 4 || sizeof(T) == 8) &&
                                           !std::is_same_v<T, wchar_t> &&
                                           !std::is_same_v<T, char32_t>);
} // namespace gpu::detail

namespace gpu::warp {
inline constexpr uint32_t size = 32;
inline uint32_t lane_id() noexcept { return detail::lane_id(); }

#define ALLOY_SHUFFLE(NAME, LEAF, ARG)                                         \
  template <class T>                                                           \
  T NAME(T v, uint32_t ARG, uint32_t mask = 0xffffffffu) noexcept {            \
    static_assert(detail::is_shuffle_type_v<T>,                                \
                  "gpu::warp::" #NAME " is for 32- and 64-bit integers, "      \
                  "float and double");                                         \
    if constexpr (detail::is_shuffle_type_v<T>)                                \
      return detail::LEAF(v, ARG, mask);                                       \
    else                                                                       \
      return v;                                                                \
  }
// The value of lane `src_lane` (taken modulo 32).
ALLOY_SHUFFLE(shfl, warp_shfl_idx, src_lane)
// The value of lane (lane_id() - delta); lanes below `delta` keep their own.
ALLOY_SHUFFLE(shfl_up, warp_shfl_up, delta)
// The value of lane (lane_id() + delta); lanes past 31 keep their own.
ALLOY_SHUFFLE(shfl_down, warp_shfl_down, delta)
// The value of lane (lane_id() ^ lane_mask).
ALLOY_SHUFFLE(shfl_xor, warp_shfl_bfly, lane_mask)
#undef ALLOY_SHUFFLE

// Bit N is `pred` of lane N, for the lanes in `mask`.
inline uint32_t ballot(bool pred, uint32_t mask = 0xffffffffu) noexcept {
  return detail::warp_ballot(pred, mask);
}
inline bool all(bool pred, uint32_t mask = 0xffffffffu) noexcept {
  return detail::warp_all(pred, mask);
}
inline bool any(bool pred, uint32_t mask = 0xffffffffu) noexcept {
  return detail::warp_any(pred, mask);
}
// Waits for the lanes in `mask` and orders their memory accesses.
inline void sync(uint32_t mask = 0xffffffffu) noexcept {
  detail::warp_sync(mask);
}
} // namespace gpu::warp

#endif // GPU_WARP_HPP
