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
// - thread_block_tile<N> (N a power of two up to 1024: the block's threads
//   in rank order, N per tile): sync, thread_rank, size/num_threads,
//   meta_group_rank/meta_group_size, shfl, any, all; for N up to 32 (a tile
//   never straddles warps) also shfl_up, shfl_down, shfl_xor (any
//   trivially copyable T) and ballot. tiled_partition<N>(parent); for N of
//   64 or more it is a collective call of the parent (it syncs it), and the
//   block's thread count must be a multiple of N. tiled_partition(parent,
//   n) gives a thread_group of n <= 32 threads (sync, thread_rank, size);
// - coalesced_group (coalesced_threads(): the lanes of the warp that call it
//   together): sync, thread_rank, size/num_threads, shfl, shfl_up,
//   shfl_down, ballot (bit r: the thread of rank r), any, all. On the CPU
//   device each thread runs by itself, so it is the calling thread alone;
//   the GPU may give that too, so correct code works with both;
// - labeled_partition(group, label), binary_partition(group, pred) of a
//   coalesced group or a tile of up to 32 threads: the threads with the
//   caller's label, as a coalesced_group;
// - grid_group (this_grid()): sync (the whole grid: the kernel must be
//   launched with the configuration's `cooperative = true`, else the kernel
//   stops with an assertion failure saying so), is_valid, thread_rank,
//   size/num_threads, block_rank, num_blocks, block_index, dim_blocks;
//   GPU only;
// - thread_group: also any thread_block or thread_block_tile<N> (N <= 32),
//   as a parameter of a function that works on any group;
// - reduce, inclusive_scan, exclusive_scan over a tile, a coalesced group or
//   the block, with plus, less (the lesser), greater, bit_and, bit_or,
//   bit_xor or any callable; exclusive_scan gives rank 0 a value-initialized
//   T;
// - sync(group); block_tile_memory and this_thread_block(scratch), which
//   CUDA needs for tiles of several warps before sm_80 (accepted, unused).
// Not provided (yet): cluster groups, memcpy_async, multi-grid groups.
#ifndef GPU_COOPERATIVE_GROUPS_HPP
#define GPU_COOPERATIVE_GROUPS_HPP

#include <gpu/collectives.hpp>
#include <gpu/detail/cg_multi_warp.hpp>
#include <gpu/detail/cg_ptx.hpp>
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
} // namespace gpu::cg

// The operations over their own type as redux.sync (collectives.hpp).
namespace gpu::detail {
template <class T>
inline constexpr redux_id redux_of<cg::plus<T>, T> = redux_id::add;
template <class T>
inline constexpr redux_id redux_of<cg::less<T>, T> = redux_id::min;
template <class T>
inline constexpr redux_id redux_of<cg::greater<T>, T> = redux_id::max;
template <class T>
inline constexpr redux_id redux_of<cg::bit_and<T>, T> = redux_id::bit_and;
template <class T>
inline constexpr redux_id redux_of<cg::bit_or<T>, T> = redux_id::bit_or;
template <class T>
inline constexpr redux_id redux_of<cg::bit_xor<T>, T> = redux_id::bit_xor;
} // namespace gpu::detail

namespace gpu::cg {

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

// CUDA's scratch for tiles of several warps (needed before sm_80): Alloy
// keeps its own, so it is accepted and unused.
template <unsigned MaxBlockSize = 1024> struct block_tile_memory {
  unsigned char unused;
};
template <unsigned MaxBlockSize>
thread_block this_thread_block(block_tile_memory<MaxBlockSize> &) noexcept {
  return {};
}

// N consecutive threads of the block (by rank): within one warp for N up
// to 32, N / 32 whole warps above.
template <unsigned N, class Parent = void> class thread_block_tile {
  static_assert(N >= 1 && N <= 1024 && (N & (N - 1)) == 0,
                "gpu::cg::thread_block_tile<N>: N is a power of two up to "
                "1024");
  static constexpr bool multi_warp = N > 32;
  static constexpr uint32_t warps = multi_warp ? N / 32 : 1;
  static uint32_t lane() noexcept { return warp::lane_id(); }
  static uint32_t first() noexcept { return lane() & ~(N - 1); }

public:
  constexpr thread_block_tile() noexcept = default;
  template <class Other>
  constexpr thread_block_tile(const thread_block_tile<N, Other> &) noexcept {}

  // The tile's lanes within the warp (every lane for N >= 32).
  static uint32_t mask() noexcept {
    if constexpr (N >= 32)
      return 0xffffffffu;
    else
      return ((1u << N) - 1) << first();
  }
  static constexpr unsigned size() noexcept { return N; }
  static constexpr unsigned num_threads() noexcept { return N; }
  static unsigned thread_rank() noexcept {
    if constexpr (multi_warp)
      return detail::block_rank() & (N - 1);
    else
      return lane() & (N - 1);
  }
  static unsigned meta_group_rank() noexcept {
    return detail::block_rank() / N;
  }
  static unsigned meta_group_size() noexcept {
    return (detail::block_size() + N - 1) / N;
  }
  static void sync() noexcept {
    if constexpr (multi_warp)
      detail::multi_warp_barrier(warps, detail::tile_barrier_step::sync);
    else
      warp::sync(mask());
  }

  template <class T> static T shfl(T v, int src_rank) noexcept {
    if constexpr (multi_warp)
      return detail::multi_warp_broadcast(
          v, warps, thread_rank() == (unsigned(src_rank) & (N - 1)));
    else
      return detail::segment_shfl(v, uint32_t(src_rank), N, mask());
  }
  template <class T> static T shfl_down(T v, unsigned delta) noexcept {
    static_assert(!multi_warp, "gpu::cg: shfl_down is for tiles of up to "
                               "32 threads (as in CUDA)");
    return detail::segment_shfl_down(v, delta, N, mask());
  }
  template <class T> static T shfl_up(T v, unsigned delta) noexcept {
    static_assert(!multi_warp, "gpu::cg: shfl_up is for tiles of up to 32 "
                               "threads (as in CUDA)");
    return detail::segment_shfl_up(v, delta, N, mask());
  }
  template <class T> static T shfl_xor(T v, unsigned lane_mask) noexcept {
    static_assert(!multi_warp, "gpu::cg: shfl_xor is for tiles of up to "
                               "32 threads (as in CUDA)");
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
    static_assert(!multi_warp, "gpu::cg: ballot is for tiles of up to 32 "
                               "threads (as in CUDA)");
    return warp::ballot(pred != 0, mask()) >> first();
  }
  static int any(int pred) noexcept {
    if constexpr (multi_warp)
      return detail::multi_warp_reduce(int(pred != 0), bit_or<int>(), warps);
    else
      return ballot(pred) != 0;
  }
  static int all(int pred) noexcept {
    if constexpr (multi_warp)
      return detail::multi_warp_reduce(int(pred != 0), bit_and<int>(), warps);
    else
      return ballot(pred) == (N == 32 ? 0xffffffffu : (1u << N) - 1);
  }
};

// For N of 64 or more, a collective call of `parent`: each warp clears its
// bit of the tiles' barrier, then the parent syncs.
template <unsigned N, class Parent>
thread_block_tile<N, Parent> tiled_partition(const Parent &parent) noexcept {
  if constexpr (N > 32) {
    if (detail::block_size() % N != 0)
      __assert_fail("cg::tiled_partition<N>: for a tile of several warps, "
                    "the block's thread count must be a multiple of N",
                    __FILE__, __LINE__, __func__);
    detail::multi_warp_barrier(N / 32, detail::tile_barrier_step::clear_own_bit);
    parent.sync();
  }
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
  thread_group(const thread_block_tile<N, P> &) noexcept : n_(N) {
    static_assert(N <= 32, "gpu::cg::thread_group: a tile of up to 32 "
                           "threads, or the block");
  }
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

// The lanes of a warp that call coalesced_threads() together (CUDA's
// __activemask()), ranked in lane order.
class coalesced_group {
public:
  explicit coalesced_group(uint32_t lanes) noexcept : mask_(lanes) {}
  uint32_t mask() const noexcept { return mask_; }
  unsigned size() const noexcept { return unsigned(__builtin_popcount(mask_)); }
  unsigned num_threads() const noexcept { return size(); }
  unsigned thread_rank() const noexcept {
    return unsigned(__builtin_popcount(mask_ & ((1u << lane()) - 1u)));
  }
  unsigned meta_group_rank() const noexcept { return 0; }
  unsigned meta_group_size() const noexcept { return 1; }
  void sync() const noexcept { warp::sync(mask_); }

  template <class T> T shfl(T v, int src_rank) const noexcept {
    return warp::shfl(v, lane_of(unsigned(src_rank) % size()), mask_);
  }
  // From rank thread_rank() - delta (its own value below rank delta).
  template <class T> T shfl_up(T v, unsigned delta) const noexcept {
    unsigned r = thread_rank();
    return warp::shfl(v, r >= delta ? lane_of(r - delta) : lane(), mask_);
  }
  template <class T> T shfl_down(T v, unsigned delta) const noexcept {
    unsigned r = thread_rank();
    return warp::shfl(v, r + delta < size() ? lane_of(r + delta) : lane(),
                      mask_);
  }
  // Bit r is `pred` of the thread of rank r.
  unsigned ballot(int pred) const noexcept {
    uint32_t lanes = warp::ballot(pred != 0, mask_), packed = 0;
    for (uint32_t m = mask_, r = 0; m; m &= m - 1, ++r)
      if (lanes & (m & -m))
        packed |= 1u << r;
    return packed;
  }
  int any(int pred) const noexcept { return warp::any(pred != 0, mask_); }
  int all(int pred) const noexcept { return warp::all(pred != 0, mask_); }

  // op over ranks 0..thread_rank() (reduce and the scans use it).
  template <class T, class Op> T scan(T v, Op op) const noexcept {
    unsigned rank = thread_rank(), n = size();
    for (unsigned offset = 1; offset < n; offset *= 2) {
      T other = shfl_up(v, offset);
      if (rank >= offset)
        v = op(other, v);
    }
    return v;
  }

private:
  static uint32_t lane() noexcept { return warp::lane_id(); }
  // The lane of rank r.
  uint32_t lane_of(unsigned r) const noexcept {
    uint32_t m = mask_;
    for (; r > 0; --r)
      m &= m - 1;
    return uint32_t(__builtin_ctz(m));
  }
  uint32_t mask_;
};
inline coalesced_group coalesced_threads() noexcept {
  return coalesced_group(detail::active_mask());
}

// The threads of `g` whose label equals the caller's (binary_partition: by
// a predicate), as a coalesced group.
template <class Label>
coalesced_group labeled_partition(const coalesced_group &g,
                                  Label label) noexcept {
  return coalesced_group(warp::match_any(label, g.mask()));
}
template <unsigned N, class P, class Label>
coalesced_group labeled_partition(const thread_block_tile<N, P> &g,
                                  Label label) noexcept {
  static_assert(N <= 32, "gpu::cg::labeled_partition: a tile of up to 32 "
                         "threads (as in CUDA)");
  return coalesced_group(warp::match_any(label, g.mask()));
}
template <class Group>
coalesced_group binary_partition(const Group &g, bool pred) noexcept {
  return labeled_partition(g, int(pred));
}

// Every thread of the grid; sync() needs a cooperative launch.
class grid_group {
public:
  static void sync() noexcept { detail::grid_sync(); }
  static bool is_valid() noexcept { return detail::grid_workspace() != 0; }
  static unsigned long long num_blocks() noexcept {
    return (unsigned long long)detail::grid_dim_x() * detail::grid_dim_y() *
           detail::grid_dim_z();
  }
  static unsigned long long block_rank() noexcept {
    return detail::block_id_x() +
           (unsigned long long)detail::grid_dim_x() *
               (detail::block_id_y() +
                (unsigned long long)detail::grid_dim_y() * detail::block_id_z());
  }
  static unsigned long long size() noexcept {
    return num_blocks() * detail::block_size();
  }
  static unsigned long long num_threads() noexcept { return size(); }
  static unsigned long long thread_rank() noexcept {
    return block_rank() * detail::block_size() + detail::block_rank();
  }
  static dim3 block_index() noexcept { return block_idx(); }
  static dim3 group_index() noexcept { return block_idx(); }
  static dim3 dim_blocks() noexcept { return grid_dim(); }
  static dim3 group_dim() noexcept { return grid_dim(); }
};
inline grid_group this_grid() noexcept { return {}; }

template <class Group> void sync(const Group &g) noexcept { g.sync(); }

// op over the group's values; every thread gets it.
template <unsigned N, class P, class T, class Op>
T reduce(const thread_block_tile<N, P> &g, T v, Op op) noexcept {
  if constexpr (N > 32) {
    return detail::multi_warp_reduce(v, op, N / 32);
  } else if constexpr (N == 32 && gpu::detail::has_redux<T, Op>) {
    return gpu::detail::redux<T, Op>(v, 0xffffffffu);
  } else {
    if (gpu::detail::warp_lanes() == 1) // a host thread: v alone
      return v;
    for (unsigned offset = N / 2; offset > 0; offset /= 2)
      v = op(v, g.shfl_xor(v, offset));
    return v;
  }
}
template <class T, class Op>
T reduce(const coalesced_group &g, T v, Op op) noexcept {
  return g.shfl(g.scan(v, op), int(g.size() - 1));
}
template <class T, class Op>
T reduce(const thread_block &, T v, Op op) noexcept {
  return block::reduce(v, op);
}

// op over ranks 0..thread_rank().
template <unsigned N, class P, class T, class Op = plus<T>>
T inclusive_scan(const thread_block_tile<N, P> &g, T v, Op op = {}) noexcept {
  if constexpr (N > 32) {
    return detail::multi_warp_scan(v, op, N / 32, true);
  } else {
    unsigned rank = g.thread_rank();
    for (unsigned offset = 1; offset < N; offset *= 2) {
      T other = g.shfl_up(v, offset);
      if (rank >= offset)
        v = op(other, v);
    }
    return v;
  }
}
template <class T, class Op = plus<T>>
T inclusive_scan(const thread_block &, T v, Op op = {}) noexcept {
  return block::inclusive_scan(v, op);
}
// op over ranks 0..thread_rank()-1; rank 0 gets T{}.
template <unsigned N, class P, class T, class Op = plus<T>>
T exclusive_scan(const thread_block_tile<N, P> &g, T v, Op op = {}) noexcept {
  if constexpr (N > 32) {
    return detail::multi_warp_scan(v, op, N / 32, false);
  } else {
    T previous = g.shfl_up(inclusive_scan(g, v, op), 1u);
    return g.thread_rank() == 0 ? T{} : previous;
  }
}
template <class T, class Op = plus<T>>
T inclusive_scan(const coalesced_group &g, T v, Op op = {}) noexcept {
  return g.scan(v, op);
}
template <class T, class Op = plus<T>>
T exclusive_scan(const coalesced_group &g, T v, Op op = {}) noexcept {
  T previous = g.shfl_up(g.scan(v, op), 1u);
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
