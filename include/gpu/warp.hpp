// Warp-level operations (see <gpu/device.hpp>), CUDA's __shfl*_sync,
// __ballot_sync, __all_sync, __any_sync and __syncwarp with width 32.
//
// Every lane named in `mask` (default: all 32) must make the same call;
// they are convergent. Shuffles move 32- and 64-bit integers, float and
// double directly, and other trivially copyable types (std::pair of them
// too) as 32-bit words.
// A source lane outside the warp gives the caller its own value.
#ifndef GPU_WARP_HPP
#define GPU_WARP_HPP

#include <gpu/detail/atomic_intrinsics.hpp>
#include <gpu/detail/intrinsics.hpp>

#include <array>
#include <cstdint>
#include <cstring>
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

// What a shuffle can move: a value whose bytes are the whole value
// (trivially copyable, or copyable and destructible trivially, like
// std::pair<float, int>).
template <class T>
inline constexpr bool is_shufflable_v =
    std::is_trivially_copy_constructible_v<T> &&
    std::is_trivially_destructible_v<T>;

// A shuffle of such a T: one per 32-bit word.
template <class T, class Leaf>
T shuffle(T v, uint32_t arg, uint32_t mask, Leaf leaf) noexcept {
  if constexpr (is_shuffle_type_v<T>) {
    return leaf(v, arg, mask);
  } else {
    constexpr std::size_t words = (sizeof(T) + 3) / 4;
    std::array<uint32_t, words> w{};
    std::memcpy(w.data(), static_cast<const void *>(&v), sizeof(T));
    for (std::size_t i = 0; i < words; ++i)
      w[i] = leaf(w[i], arg, mask);
    T r = v;
    std::memcpy(static_cast<void *>(&r), w.data(), sizeof(T));
    return r;
  }
}
} // namespace gpu::detail

namespace gpu::warp {
inline constexpr uint32_t size = 32;
inline uint32_t lane_id() noexcept { return detail::lane_id(); }

// The value of lane `src_lane` (taken modulo 32).
template <class T>
T shfl(T v, uint32_t src_lane, uint32_t mask = 0xffffffffu) noexcept {
  static_assert(detail::is_shufflable_v<T>,
                "gpu::warp::shfl moves trivially copyable types");
  return detail::shuffle(v, src_lane, mask, [](auto x, uint32_t a, uint32_t m) {
    return detail::warp_shfl_idx(x, a, m);
  });
}
// The value of lane (lane_id() - delta); lanes below `delta` keep their own.
template <class T>
T shfl_up(T v, uint32_t delta, uint32_t mask = 0xffffffffu) noexcept {
  static_assert(detail::is_shufflable_v<T>,
                "gpu::warp::shfl_up moves trivially copyable types");
  return detail::shuffle(v, delta, mask, [](auto x, uint32_t a, uint32_t m) {
    return detail::warp_shfl_up(x, a, m);
  });
}
// The value of lane (lane_id() + delta); lanes past 31 keep their own.
template <class T>
T shfl_down(T v, uint32_t delta, uint32_t mask = 0xffffffffu) noexcept {
  static_assert(detail::is_shufflable_v<T>,
                "gpu::warp::shfl_down moves trivially copyable types");
  return detail::shuffle(v, delta, mask, [](auto x, uint32_t a, uint32_t m) {
    return detail::warp_shfl_down(x, a, m);
  });
}
// The value of lane (lane_id() ^ lane_mask).
template <class T>
T shfl_xor(T v, uint32_t lane_mask, uint32_t mask = 0xffffffffu) noexcept {
  static_assert(detail::is_shufflable_v<T>,
                "gpu::warp::shfl_xor moves trivially copyable types");
  return detail::shuffle(v, lane_mask, mask,
                         [](auto x, uint32_t a, uint32_t m) {
                           return detail::warp_shfl_bfly(x, a, m);
                         });
}

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
// The lanes in `mask` whose `value` equals the caller's (CUDA's
// __match_any_sync), by one shuffle per lane of the mask.
template <class T>
uint32_t match_any(T value, uint32_t mask = 0xffffffffu) noexcept {
  if (detail::warp_lanes() == 1) // a host thread: lane 0 alone
    mask &= 1u;
  uint32_t same = 0;
  for (uint32_t m = mask; m; m &= m - 1) {
    uint32_t lane = uint32_t(__builtin_ctz(m));
    if (shfl(value, lane, mask) == value)
      same |= 1u << lane;
  }
  return same;
}
// `mask` if every lane in it has the same `value` (and *all = true), else
// 0 (CUDA's __match_all_sync).
template <class T>
uint32_t match_all(T value, bool *all, uint32_t mask = 0xffffffffu) noexcept {
  bool same = match_any(value, mask) == mask;
  if (all)
    *all = same;
  return same ? mask : 0u;
}
// Waits for the lanes in `mask` and orders their memory accesses.
inline void sync(uint32_t mask = 0xffffffffu) noexcept {
  detail::warp_sync(mask);
}
} // namespace gpu::warp

namespace gpu::detail {
// Shuffles within segments of `width` lanes (a power of two up to 32), as
// CUDA's `width` argument and cooperative groups' tiles have them: a lane
// reads only in its own segment, else gets its own value.
template <class T>
T segment_shfl(T v, uint32_t src_rank, uint32_t width, uint32_t mask) noexcept {
  if (width == 32)
    return warp::shfl(v, src_rank, mask);
  uint32_t lane = lane_id();
  return warp::shfl(v, (lane & ~(width - 1)) | (src_rank & (width - 1)), mask);
}
template <class T>
T segment_shfl_up(T v, uint32_t delta, uint32_t width, uint32_t mask) noexcept {
  if (width == 32)
    return warp::shfl_up(v, delta, mask);
  uint32_t lane = lane_id();
  return warp::shfl(v, (lane & (width - 1)) < delta ? lane : lane - delta,
                    mask);
}
template <class T>
T segment_shfl_down(T v, uint32_t delta, uint32_t width,
                    uint32_t mask) noexcept {
  if (width == 32)
    return warp::shfl_down(v, delta, mask);
  uint32_t lane = lane_id();
  return warp::shfl(v, (lane & (width - 1)) + delta >= width ? lane
                                                             : lane + delta,
                    mask);
}
} // namespace gpu::detail

#endif // GPU_WARP_HPP
