// CUDA's cooperative groups (cooperative_groups.h, cooperative_groups/
// reduce.h and scan.h) on Alloy's barriers and warp operations, in
// namespace gpu::cg, which `cooperative_groups` names too:
//
//   namespace cg = cooperative_groups;
//   cg::thread_block block = cg::this_thread_block();
//   cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
//   float total = cg::reduce(warp, v, cg::plus<float>());
//
// - thread_block: sync, thread_rank, size/num_threads, group_index,
//   thread_index, dim_threads/group_dim;
// - thread_block_tile<N> (N a power of two up to 32: the block's threads
//   in rank order, N per tile, a tile never straddling warps): sync,
//   thread_rank, size/num_threads, meta_group_rank/meta_group_size, shfl,
//   shfl_up, shfl_down, shfl_xor (any trivially copyable T), ballot, any,
//   all; tiled_partition<N>(parent), and tiled_partition(parent, n) for a
//   thread_group of n <= 32 threads (sync, thread_rank, size);
// - thread_group: also any thread_block or thread_block_tile<N>, as a
//   parameter of a function that works on any group;
// - reduce, inclusive_scan, exclusive_scan over a tile or the block, with
//   plus, less (the lesser), greater, bit_and, bit_or, bit_xor or any
//   callable; exclusive_scan gives rank 0 a value-initialized T;
// - sync(group).
// Not provided (yet): tiles of more than 32 threads, coalesced_threads(),
// this_grid() and grid-wide sync (a cooperative launch), cluster groups,
// memcpy_async, labeled_partition, binary_partition.
#ifndef GPU_COOPERATIVE_GROUPS_HPP
#define GPU_COOPERATIVE_GROUPS_HPP

#include <gpu/collectives.hpp>
#include <gpu/device.hpp>
#include <gpu/warp.hpp>

#include <cstdint>
#include <type_traits>

namespace gpu::cg {

template <class T> struct plus {
  constexpr T operator()(T a, T b) const noexcept { return a + b; }
};
template <class T> struct less {
  constexpr T operator()(T a, T b) const noexcept { return b < a ? b : a; }
};
template <class T> struct greater {
  constexpr T operator()(T a, T b) const noexcept { return a < b ? b : a; }
};
template <class T> struct bit_and {
  constexpr T operator()(T a, T b) const noexcept { return a & b; }
};
template <class T> struct bit_or {
  constexpr T operator()(T a, T b) const noexcept { return a | b; }
};
template <class T> struct bit_xor {
  constexpr T operator()(T a, T b) const noexcept { return a ^ b; }
};

// All the threads of the calling block.
class thread_block {
public:
  static void sync() noexcept { gpu::sync_threads(); }
  static unsigned thread_rank() noexcept { return detail::block_rank(); }
  static unsigned size() noexcept { return detail::block_size(); }
  static unsigned num_threads() noexcept { return detail::block_size(); }
  static dim3 group_index() noexcept { return block_idx(); }
  static dim3 thread_index() noexcept { return thread_idx(); }
  static dim3 dim_threads() noexcept { return block_dim(); }
  static dim3 group_dim() noexcept { return block_dim(); }
};
inline thread_block this_thread_block() noexcept { return {}; }

// N consecutive threads of the block (by rank) within one warp.
template <unsigned N, class Parent = void> class thread_block_tile {
  static_assert(N >= 1 && N <= 32 && (N & (N - 1)) == 0,
                "gpu::cg::thread_block_tile<N>: N is a power of two up to 32 "
                "(tiles of several warps are not supported yet)");
  static uint32_t lane() noexcept { return warp::lane_id(); }
  static uint32_t first() noexcept { return lane() & ~(N - 1); }

public:
  constexpr thread_block_tile() noexcept = default;
  template <class Other>
  constexpr thread_block_tile(const thread_block_tile<N, Other> &) noexcept {}

  // The tile's lanes within the warp.
  static uint32_t mask() noexcept {
    return N == 32 ? 0xffffffffu : ((1u << N) - 1) << first();
  }
  static constexpr unsigned size() noexcept { return N; }
  static constexpr unsigned num_threads() noexcept { return N; }
  static unsigned thread_rank() noexcept { return lane() & (N - 1); }
  static unsigned meta_group_rank() noexcept {
    return detail::block_rank() / N;
  }
  static unsigned meta_group_size() noexcept {
    return (detail::block_size() + N - 1) / N;
  }
  static void sync() noexcept { warp::sync(mask()); }

  template <class T> static T shfl(T v, int src_rank) noexcept {
    return detail::segment_shfl(v, uint32_t(src_rank), N, mask());
  }
  template <class T> static T shfl_down(T v, unsigned delta) noexcept {
    return detail::segment_shfl_down(v, delta, N, mask());
  }
  template <class T> static T shfl_up(T v, unsigned delta) noexcept {
    return detail::segment_shfl_up(v, delta, N, mask());
  }
  template <class T> static T shfl_xor(T v, unsigned lane_mask) noexcept {
    if constexpr (N == 32)
      return warp::shfl_xor(v, lane_mask);
    else {
      uint32_t src = lane() ^ lane_mask;
      return warp::shfl(v, (src & ~(N - 1)) == first() ? src : lane(),
                        mask());
    }
  }
  // Bit r is `pred` of the tile's thread of rank r.
  static unsigned ballot(int pred) noexcept {
    return warp::ballot(pred != 0, mask()) >> first();
  }
  static int any(int pred) noexcept { return ballot(pred) != 0; }
  static int all(int pred) noexcept {
    return ballot(pred) == (N == 32 ? 0xffffffffu : (1u << N) - 1);
  }
};

template <unsigned N, class Parent>
thread_block_tile<N, Parent> tiled_partition(const Parent &) noexcept {
  return {};
}

// Any group, as CUDA's thread_group: a tile whose size is known only at
// run time (tiled_partition(parent, n), n a power of two up to 32), or,
// converted from them, a thread_block or a thread_block_tile<N>.
class thread_group {
public:
  explicit thread_group(unsigned n) noexcept : n_(n) {}
  thread_group(const thread_block &) noexcept : n_(0) {}
  template <unsigned N, class P>
  thread_group(const thread_block_tile<N, P> &) noexcept : n_(N) {}
  unsigned size() const noexcept {
    return n_ ? n_ : detail::block_size();
  }
  unsigned num_threads() const noexcept { return size(); }
  unsigned thread_rank() const noexcept {
    return n_ ? warp::lane_id() & (n_ - 1) : detail::block_rank();
  }
  void sync() const noexcept {
    if (n_ == 0)
      return gpu::sync_threads();
    uint32_t first = warp::lane_id() & ~(n_ - 1);
    warp::sync(n_ >= 32 ? 0xffffffffu : ((1u << n_) - 1) << first);
  }

private:
  unsigned n_; // 0: the whole block
};
inline thread_group tiled_partition(const thread_block &, unsigned n) noexcept {
  return thread_group(n);
}

template <class Group> void sync(const Group &g) noexcept { g.sync(); }

// op over the group's values; every thread gets it.
template <unsigned N, class P, class T, class Op>
T reduce(const thread_block_tile<N, P> &g, T v, Op op) noexcept {
  for (unsigned offset = N / 2; offset > 0; offset /= 2)
    v = op(v, g.shfl_xor(v, offset));
  return v;
}
template <class T, class Op>
T reduce(const thread_block &, T v, Op op) noexcept {
  return block::reduce(v, op);
}

// op over ranks 0..thread_rank().
template <unsigned N, class P, class T, class Op = plus<T>>
T inclusive_scan(const thread_block_tile<N, P> &g, T v, Op op = {}) noexcept {
  unsigned rank = g.thread_rank();
  for (unsigned offset = 1; offset < N; offset *= 2) {
    T other = g.shfl_up(v, offset);
    if (rank >= offset)
      v = op(other, v);
  }
  return v;
}
template <class T, class Op = plus<T>>
T inclusive_scan(const thread_block &, T v, Op op = {}) noexcept {
  return block::inclusive_scan(v, op);
}
// op over ranks 0..thread_rank()-1; rank 0 gets T{}.
template <unsigned N, class P, class T, class Op = plus<T>>
T exclusive_scan(const thread_block_tile<N, P> &g, T v, Op op = {}) noexcept {
  T previous = g.shfl_up(inclusive_scan(g, v, op), 1u);
  return g.thread_rank() == 0 ? T{} : previous;
}
template <class T, class Op = plus<T>>
T exclusive_scan(const thread_block &, T v, Op op = {}) noexcept {
  static_assert(std::is_same_v<Op, plus<T>>,
                "gpu::cg::exclusive_scan of a thread_block is a sum (use a "
                "tile, or gpu::block::exclusive_scan with an initial value)");
  return block::exclusive_scan(v, op, T{});
}

} // namespace gpu::cg

namespace cooperative_groups = gpu::cg;

#endif // GPU_COOPERATIVE_GROUPS_HPP
