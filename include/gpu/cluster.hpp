// Thread-block clusters (sm_90): blocks of one cluster run at the same time
// on one GPU processing cluster, synchronize with barrier.cluster and read
// and write each other's shared memory (distributed shared memory).
//
//   [[gpu::kernel, gpu::cluster_dims(2)]] void k(...) {  // pairs of blocks
//     [[gpu::shared]] float tile[256];
//     ... fill tile ...
//     gpu::cluster::sync();                      // every block's tile is written
//     float *peer =
//         gpu::cluster::map(tile, gpu::cluster::block_rank() ^ 1);
//     float x = peer[i];                         // the other block's tile
//     gpu::cluster::sync();                      // before anyone exits
//   }
//
// The cluster shape is the kernel's [[gpu::cluster_dims(X, Y, Z)]] (at
// most 8 blocks); the grid must be a whole number of clusters, which
// gpu::prepare checks. A block must not exit while another block of its
// cluster may still access its shared memory: end with gpu::cluster::sync().
// Also warpgroup register reallocation (setmaxnreg, sm_90a) for
// warp-specialized kernels. docs/hopper.md ("Clusters") has the model.
#ifndef GPU_CLUSTER_HPP
#define GPU_CLUSTER_HPP

#include <gpu/detail/cluster_intrinsics.hpp>
#include <gpu/device.hpp>

#include <cstdint>

namespace gpu::cluster {

// This block's rank in its cluster, 0 to num_blocks() - 1
// (%cluster_ctarank).
// (The public functions are the intrinsics themselves where one operation
// does it, so that an error, such as a build below sm_90, names the
// caller's line.)
ALLOY_INTRINSIC("cluster.rank") inline uint32_t block_rank() noexcept {
  return 0;
}
// Blocks in the cluster (%cluster_nctarank).
ALLOY_INTRINSIC("cluster.size") inline uint32_t num_blocks() noexcept {
  return 1;
}
// This block's index within its cluster (%cluster_ctaid).
inline dim3 block_index() noexcept {
  return {detail::cluster_block_x(), detail::cluster_block_y(),
          detail::cluster_block_z()};
}
// The cluster's shape in blocks (%cluster_nctaid).
inline dim3 dims() noexcept {
  return {detail::cluster_dim_x(), detail::cluster_dim_y(),
          detail::cluster_dim_z()};
}
// This cluster's index in the grid (%clusterid) and the grid's shape in
// clusters (%nclusterid).
inline dim3 index() noexcept {
  return {detail::cluster_id_x(), detail::cluster_id_y(),
          detail::cluster_id_z()};
}
inline dim3 grid_dims() noexcept {
  return {detail::cluster_count_x(), detail::cluster_count_y(),
          detail::cluster_count_z()};
}

// barrier.cluster.arrive (release) then barrier.cluster.wait (acquire):
// every thread of every block of the cluster arrives; the shared-memory
// writes before it are visible to all of them after it.
ALLOY_INTRINSIC("cluster.sync") inline void sync() noexcept {}
// The two halves, to overlap work with the barrier. arrive_relaxed()
// orders no memory (barrier.cluster.arrive.relaxed).
ALLOY_INTRINSIC("cluster.arrive") inline void arrive() noexcept {}
ALLOY_INTRINSIC("cluster.arrive_relaxed")
inline void arrive_relaxed() noexcept {}
ALLOY_INTRINSIC("cluster.wait") inline void wait() noexcept {}

// The address of the object at `p` (in this block's shared memory) in the
// shared memory of block `rank` of the cluster (mapa): a generic pointer
// that ordinary loads, stores and atomics use. Rank from 0 to
// num_blocks() - 1.
template <class T>
ALLOY_INTRINSIC("cluster.map")
inline T *map(T *p, uint32_t) noexcept {
  return p;
}

} // namespace gpu::cluster

namespace gpu::warpgroup {

// setmaxnreg.{inc,dec}.sync.aligned.u32 (sm_90a): the calling warpgroup's
// threads get `Count` registers each (24 to 256, a multiple of 8), taking
// them from or returning them to the block's pool: producer warpgroups of
// a warp-specialized kernel give registers back (release<40>()), consumer
// warpgroups take them (acquire<232>()). Every thread of the warpgroup
// calls it together.
template <int Count>
ALLOY_INTRINSIC("setmaxnreg.inc")
inline void acquire_registers() noexcept {
  static_assert(Count >= 24 && Count <= 256 && Count % 8 == 0,
                "setmaxnreg takes 24 to 256 registers, a multiple of 8");
}
template <int Count>
ALLOY_INTRINSIC("setmaxnreg.dec")
inline void release_registers() noexcept {
  static_assert(Count >= 24 && Count <= 256 && Count % 8 == 0,
                "setmaxnreg takes 24 to 256 registers, a multiple of 8");
}

} // namespace gpu::warpgroup

#endif
