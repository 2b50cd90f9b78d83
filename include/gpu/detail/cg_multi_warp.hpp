// The machinery of cooperative groups' tiles of 64 to 1024 threads
// (several whole warps): their barrier and the shared slots their
// collectives exchange values through.
//
// The barrier is one 32-bit word of shared memory per tile size, a bit per
// warp of the block. A warp arrives by setting its bit; the warp whose
// arrival completes its tile's bits clears them, which releases the others
// (each waits until its own bit is clear). Nothing needs initializing but a
// warp's own bit, which tiled_partition clears before the parent group's
// barrier.
#ifndef GPU_DETAIL_CG_MULTI_WARP_HPP
#define GPU_DETAIL_CG_MULTI_WARP_HPP

#include <gpu/atomic.hpp>
#include <gpu/collectives.hpp>
#include <gpu/warp.hpp>

#include <cstdint>

namespace gpu::detail {

inline constexpr uint32_t log2_of(uint32_t n) noexcept {
  return n <= 1 ? 0 : 1 + log2_of(n / 2);
}

enum class tile_barrier_step { clear_own_bit, sync };

// Tiles of `warps` warps (2 to 32, a power of two).
inline void multi_warp_barrier(uint32_t warps, tile_barrier_step step) noexcept {
  shared_bytes<8 * sizeof(uint32_t), alignof(uint32_t)> words;
  uint32_t *word = reinterpret_cast<uint32_t *>(words.data) + log2_of(warps);
  uint32_t warp_index = block_rank() / 32;
  uint32_t bit = 1u << warp_index;
  warp::sync();
  if (lane_id() == 0) {
    if (step == tile_barrier_step::clear_own_bit) {
      atomic_and(word, ~bit);
    } else {
      uint32_t first = warp_index / warps * warps;
      uint32_t tile = warps == 32 ? ~0u : ((1u << warps) - 1u) << first;
      fence_block(); // the warp's writes before the barrier's
      uint32_t before = atomic_or(word, bit);
      if (((before | bit) & tile) == tile) {
        atomic_and(word, ~tile); // the last to arrive releases the tile
      } else {
        // (warp::sync of lane 0 alone: free on the GPU; on the CPU device
        // it lets the other threads run)
        while (*static_cast<volatile uint32_t *>(word) & bit)
          warp::sync(1u);
      }
      fence_block();
    }
  }
  warp::sync();
}

// The value of the tile's one thread with `is_src`, for every thread of the
// tile.
template <class T>
T multi_warp_broadcast(T v, uint32_t warps, bool is_src) noexcept {
  shared_bytes<32 * sizeof(T), alignof(T)> slots;
  uint32_t first = block_rank() / 32 / warps * warps;
  if (is_src)
    store_slot(slots.data, first, v);
  multi_warp_barrier(warps, tile_barrier_step::sync);
  T r = load_slot<T>(slots.data, first);
  multi_warp_barrier(warps, tile_barrier_step::sync); // the slot is free
  return r;
}

// op over the tile's values, for every thread of the tile.
template <class T, class Op>
T multi_warp_reduce(T v, Op op, uint32_t warps) noexcept {
  shared_bytes<32 * sizeof(T), alignof(T)> slots;
  uint32_t warp_index = block_rank() / 32;
  uint32_t first = warp_index / warps * warps;
  T own = warp::reduce(v, op);
  if (lane_id() == 0)
    store_slot(slots.data, warp_index, own);
  multi_warp_barrier(warps, tile_barrier_step::sync);
  T r = load_slot<T>(slots.data, first);
  for (uint32_t w = 1; w < warps; ++w)
    r = op(r, load_slot<T>(slots.data, first + w));
  multi_warp_barrier(warps, tile_barrier_step::sync);
  return r;
}

// op over the tile's ranks 0..thread_rank() (inclusive) or
// 0..thread_rank()-1 (exclusive; rank 0 gets T{}).
template <class T, class Op>
T multi_warp_scan(T v, Op op, uint32_t warps, bool inclusive) noexcept {
  shared_bytes<32 * sizeof(T), alignof(T)> slots;
  uint32_t warp_index = block_rank() / 32, lane = lane_id();
  uint32_t first = warp_index / warps * warps;
  T own = scan_lanes(v, op, 32, 0xffffffffu);
  T previous = warp::shfl_up(own, 1);
  if (lane == 31)
    store_slot(slots.data, warp_index, own);
  multi_warp_barrier(warps, tile_barrier_step::sync);
  bool has_prefix = warp_index != first;
  T prefix = load_slot<T>(slots.data, first);
  for (uint32_t w = first + 1; w < warp_index; ++w)
    prefix = op(prefix, load_slot<T>(slots.data, w));
  multi_warp_barrier(warps, tile_barrier_step::sync);
  if (inclusive)
    return has_prefix ? op(prefix, own) : own;
  if (lane == 0)
    return has_prefix ? prefix : T{};
  return has_prefix ? op(prefix, previous) : previous;
}

} // namespace gpu::detail

#endif // GPU_DETAIL_CG_MULTI_WARP_HPP
