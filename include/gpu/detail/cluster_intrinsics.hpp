// Device intrinsics of <gpu/cluster.hpp>: the cluster's special registers
// read for its dim3 results (the others are the public functions
// themselves). Each is one Alloy operation (ClusterEmitter.cpp). The
// bodies are the host fallbacks: a host thread is a cluster of one block.
#ifndef GPU_DETAIL_CLUSTER_INTRINSICS_HPP
#define GPU_DETAIL_CLUSTER_INTRINSICS_HPP

#include <gpu/detail/intrinsics.hpp>

#include <cstdint>
#include <cstdlib>

namespace gpu::detail {

ALLOY_INTRINSIC("cluster.block_x")
inline uint32_t cluster_block_x() noexcept { return 0; }
ALLOY_INTRINSIC("cluster.block_y")
inline uint32_t cluster_block_y() noexcept { return 0; }
ALLOY_INTRINSIC("cluster.block_z")
inline uint32_t cluster_block_z() noexcept { return 0; }
ALLOY_INTRINSIC("cluster.dim_x")
inline uint32_t cluster_dim_x() noexcept { return 1; }
ALLOY_INTRINSIC("cluster.dim_y")
inline uint32_t cluster_dim_y() noexcept { return 1; }
ALLOY_INTRINSIC("cluster.dim_z")
inline uint32_t cluster_dim_z() noexcept { return 1; }
ALLOY_INTRINSIC("cluster.id_x")
inline uint32_t cluster_id_x() noexcept { return 0; }
ALLOY_INTRINSIC("cluster.id_y")
inline uint32_t cluster_id_y() noexcept { return 0; }
ALLOY_INTRINSIC("cluster.id_z")
inline uint32_t cluster_id_z() noexcept { return 0; }
ALLOY_INTRINSIC("cluster.count_x")
inline uint32_t cluster_count_x() noexcept { return 1; }
ALLOY_INTRINSIC("cluster.count_y")
inline uint32_t cluster_count_y() noexcept { return 1; }
ALLOY_INTRINSIC("cluster.count_z")
inline uint32_t cluster_count_z() noexcept { return 1; }

} // namespace gpu::detail

#endif
