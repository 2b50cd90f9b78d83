// Reductions and scans over a warp or a block, the common uses of CUDA's
// cooperative groups (cg::reduce, cg::inclusive_scan) and of CUB's
// BlockReduce / BlockScan, with their shared memory managed here:
//
//   float total = gpu::block::reduce(x, gpu::plus{});     // every thread
//   float row_max = gpu::warp::reduce(x, gpu::maximum{}); // every lane
//
// `op` is any associative function object: gpu::plus, gpu::maximum,
// gpu::minimum, std::plus<>, a lambda. T is trivially copyable (or, like
// std::pair<float, int>, copyable and destructible trivially).
//
// Warp operations are called by all 32 lanes of a warp; block operations by
// every thread of the block (they contain barriers), for any block shape
// (the last warp may be partial). Every caller gets the result. A block
// operation may be called again right away: it synchronizes before it
// returns. On the host (a file compiled without the plugin) a warp is one
// lane and a block one thread. `op` should be associative and commutative:
// then every caller gets bit-identical results.
#ifndef GPU_COLLECTIVES_HPP
#define GPU_COLLECTIVES_HPP

#include <gpu/detail/intrinsics.hpp>
#include <gpu/warp.hpp>

#include <array>
#include <cstdint>
#include <cstring>
#include <new>
#include <type_traits>

namespace gpu {

// The usual operations (cg::plus, cg::greater's max, cg::less's min).
struct plus {
  template <class T> constexpr T operator()(const T &a, const T &b) const {
    return a + b;
  }
};
struct maximum {
  template <class T> constexpr T operator()(const T &a, const T &b) const {
    return a < b ? b : a;
  }
};
struct minimum {
  template <class T> constexpr T operator()(const T &a, const T &b) const {
    return b < a ? b : a;
  }
};
struct bit_and {
  template <class T> constexpr T operator()(const T &a, const T &b) const {
    return a & b;
  }
};
struct bit_or {
  template <class T> constexpr T operator()(const T &a, const T &b) const {
    return a | b;
  }
};
struct bit_xor {
  template <class T> constexpr T operator()(const T &a, const T &b) const {
    return a ^ b;
  }
};

namespace detail {
// The redux.sync that reduces T under Op in one instruction (sm_80), or
// none: 32-bit integers under +, min, max, &, | and ^.
enum class redux_id { none, add, min, max, bit_and, bit_or, bit_xor };
template <class Op, class T>
inline constexpr redux_id redux_of = redux_id::none;
template <class T> inline constexpr redux_id redux_of<plus, T> = redux_id::add;
template <class T>
inline constexpr redux_id redux_of<minimum, T> = redux_id::min;
template <class T>
inline constexpr redux_id redux_of<maximum, T> = redux_id::max;
template <class T>
inline constexpr redux_id redux_of<bit_and, T> = redux_id::bit_and;
template <class T>
inline constexpr redux_id redux_of<bit_or, T> = redux_id::bit_or;
template <class T>
inline constexpr redux_id redux_of<bit_xor, T> = redux_id::bit_xor;
template <class T, class Op>
inline constexpr bool
    has_redux = std::is_integral_v<T> &&
                sizeof(T) == 4 && redux_of<Op, T> != redux_id::none;

// op over the values of the lanes in `mask` (all of which call it), when
// has_redux<T, Op>.
template <class T, class Op> T redux(T v, uint32_t mask) noexcept {
  constexpr redux_id id = redux_of<Op, T>;
  constexpr bool is_signed = std::is_signed_v<T>;
  uint32_t u = static_cast<uint32_t>(v);
  if constexpr (id == redux_id::add)
    u = warp_redux_add(u, mask);
  else if constexpr (id == redux_id::min)
    u = is_signed ? warp_redux_min(u, mask) : warp_redux_umin(u, mask);
  else if constexpr (id == redux_id::max)
    u = is_signed ? warp_redux_max(u, mask) : warp_redux_umax(u, mask);
  else if constexpr (id == redux_id::bit_and)
    u = warp_redux_and(u, mask);
  else if constexpr (id == redux_id::bit_or)
    u = warp_redux_or(u, mask);
  else
    u = warp_redux_xor(u, mask);
  return static_cast<T>(u);
}

// Shared memory for the block operations: raw bytes, one array per
// instantiation, so that any trivially copyable T fits.
template <std::size_t Bytes, std::size_t Align>
struct [[clang::annotate("alloy.shared_array")]] shared_bytes {
  alignas(Align) unsigned char data[Bytes];
};
// Reads through T* so that the copy knows T's alignment. store_slot's
// memcpy creates the T there (T is implicit-lifetime). The result depends
// only on the slot, so the divergence analysis sees a block operation's
// total, read at a uniform address, as the same in every thread.
template <class T> T load_slot(const unsigned char *base, uint32_t i) noexcept {
  return *std::launder(reinterpret_cast<const T *>(base) + i);
}
// (T may be trivially copy-constructible without being trivially copyable,
// as std::pair: the void pointers tell clang the byte copy is meant.)
template <class T>
void store_slot(unsigned char *base, uint32_t i, const T &v) noexcept {
  std::memcpy(static_cast<void *>(reinterpret_cast<T *>(base) + i),
              static_cast<const void *>(&v), sizeof(T));
}
// The reduction of the first `width` lanes' values, valid in lane 0.
template <class T, class Op>
T reduce_lanes(T v, Op op, uint32_t width, uint32_t mask) noexcept {
  uint32_t lane = detail::lane_id();
  for (uint32_t offset = 16; offset > 0; offset /= 2) {
    T other = warp::shfl_down(v, offset, mask);
    if (lane + offset < width)
      v = op(v, other);
  }
  return v;
}
// The inclusive scan of the first `width` lanes' values.
template <class T, class Op>
T scan_lanes(T v, Op op, uint32_t width, uint32_t mask) noexcept {
  uint32_t lane = detail::lane_id();
  for (uint32_t offset = 1; offset < 32; offset *= 2) {
    T other = warp::shfl_up(v, offset, mask);
    if (lane >= offset && lane < width)
      v = op(other, v);
  }
  return v;
}
inline uint32_t block_size() noexcept {
  return detail::block_dim_x() * detail::block_dim_y() * detail::block_dim_z();
}
inline uint32_t block_rank() noexcept {
  return detail::thread_id_x() +
         detail::block_dim_x() * (detail::thread_id_y() +
                                  detail::block_dim_y() * detail::thread_id_z());
}
// The lanes of the calling thread's warp that exist in this block.
inline uint32_t warp_width() noexcept {
  uint32_t rest = block_size() - block_rank() / 32 * 32;
  return rest < 32 ? rest : 32;
}
inline uint32_t lane_mask(uint32_t width) noexcept {
  return width >= 32 ? 0xffffffffu : (1u << width) - 1u;
}
// The block scan of the warps' totals: warp 0 scans them into slots
// 32..63; `own` is the inclusive scan within the caller's warp.
template <class T, class Op>
void scan_warp_totals(unsigned char *slots, T own, Op op) noexcept {
  uint32_t rank = block_rank(), lane = detail::lane_id();
  uint32_t width = warp_width(), warps = (block_size() + 31) / 32;
  if (lane == width - 1)
    store_slot(slots, rank / 32, own);
  detail::barrier();
  if (rank < 32) {
    // Warp 0 has a lane for every warp of the block.
    T p = load_slot<T>(slots, lane < warps ? lane : 0);
    p = scan_lanes(p, op, warps, lane_mask(width));
    if (lane < warps)
      store_slot(slots, 32 + lane, p);
  }
  detail::barrier();
}
} // namespace detail

namespace warp {
// op over the 32 lanes' values; every lane gets it.
template <class T, class Op> T reduce(T v, Op op) noexcept {
  static_assert(detail::is_shufflable_v<T>,
                "gpu::warp::reduce works on trivially copyable types");
  if constexpr (detail::has_redux<T, Op>) {
    return detail::redux<T, Op>(v, 0xffffffffu);
  } else {
    if (detail::warp_lanes() == 1) // a host thread: v alone
      return v;
    for (uint32_t offset = 16; offset > 0; offset /= 2)
      v = op(v, shfl_xor(v, offset));
    return v;
  }
}
// op over lanes 0..lane_id(): lane i gets v0 op v1 op ... op vi.
template <class T, class Op> T inclusive_scan(T v, Op op) noexcept {
  static_assert(detail::is_shufflable_v<T>,
                "gpu::warp::inclusive_scan works on trivially copyable types");
  return detail::scan_lanes(v, op, 32, 0xffffffffu);
}
// op over lanes 0..lane_id()-1, starting from `init`: lane 0 gets init.
template <class T, class Op>
T exclusive_scan(T v, Op op, std::type_identity_t<T> init) noexcept {
  T inclusive = inclusive_scan(v, op);
  T previous = shfl_up(inclusive, 1);
  return lane_id() == 0 ? init : op(init, previous);
}
template <class T> T sum(T v) noexcept { return reduce(v, plus{}); }
template <class T> T max(T v) noexcept { return reduce(v, maximum{}); }
template <class T> T min(T v) noexcept { return reduce(v, minimum{}); }
} // namespace warp

namespace block {
// op over every thread's value; every thread gets the same result.
template <class T, class Op> T reduce(T v, Op op) noexcept {
  static_assert(detail::is_shufflable_v<T>,
                "gpu::block::reduce works on trivially copyable types");
  // 32 warp results and the total. Two barriers; the next call may
  // reuse the slots at once (each is read before the barrier that
  // precedes its next write).
  detail::shared_bytes<33 * sizeof(T), alignof(T)> slots;
  uint32_t rank = detail::block_rank(), lane = detail::lane_id();
  uint32_t width = detail::warp_width();
  uint32_t warps = (detail::block_size() + 31) / 32;
  T own = detail::reduce_lanes(v, op, width, detail::lane_mask(width));
  if (lane == 0)
    detail::store_slot(slots.data, rank / 32, own);
  detail::barrier();
  if (rank < 32) {
    T x = detail::load_slot<T>(slots.data, lane < warps ? lane : 0);
    x = detail::reduce_lanes(x, op, warps, detail::lane_mask(width));
    if (lane == 0)
      detail::store_slot(slots.data, 32, x);
  }
  detail::barrier();
  return detail::load_slot<T>(slots.data, 32);
}
// op over the values of threads 0..rank, in the order of the linear thread
// index (x + y * bx + z * bx * by).
template <class T, class Op> T inclusive_scan(T v, Op op) noexcept {
  static_assert(detail::is_shufflable_v<T>,
                "gpu::block::inclusive_scan works on trivially copyable types");
  detail::shared_bytes<64 * sizeof(T), alignof(T)> slots;
  uint32_t width = detail::warp_width(), warp_index = detail::block_rank() / 32;
  T own = detail::scan_lanes(v, op, width, detail::lane_mask(width));
  detail::scan_warp_totals(slots.data, own, op);
  if (warp_index == 0)
    return own;
  return op(detail::load_slot<T>(slots.data, 32 + warp_index - 1), own);
}
// op over the values of threads 0..rank-1, starting from `init`.
template <class T, class Op>
T exclusive_scan(T v, Op op, std::type_identity_t<T> init) noexcept {
  static_assert(detail::is_shufflable_v<T>,
                "gpu::block::exclusive_scan works on trivially copyable types");
  detail::shared_bytes<64 * sizeof(T), alignof(T)> slots;
  uint32_t width = detail::warp_width(), warp_index = detail::block_rank() / 32;
  uint32_t mask = detail::lane_mask(width);
  T own = detail::scan_lanes(v, op, width, mask);
  T previous = warp::shfl_up(own, 1, mask);
  detail::scan_warp_totals(slots.data, own, op);
  T base =
      warp_index == 0
          ? T(init)
          : op(T(init), detail::load_slot<T>(slots.data, 32 + warp_index - 1));
  return detail::lane_id() == 0 ? base : op(base, previous);
}
template <class T> T sum(T v) noexcept { return reduce(v, plus{}); }
template <class T> T max(T v) noexcept { return reduce(v, maximum{}); }
template <class T> T min(T v) noexcept { return reduce(v, minimum{}); }
} // namespace block

} // namespace gpu

#endif // GPU_COLLECTIVES_HPP
