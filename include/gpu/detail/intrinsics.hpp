// Device intrinsics: the leaves of the device API.
//
// Each function here is marked `alloy.intrinsic:<name>`. The Alloy plugin
// never lowers their bodies: it turns a call into the Alloy dialect operation
// of that name (docs/design.md lists them). The bodies are the host
// fallbacks: on the CPU device (runtime/cpu/) they read the running thread
// from cpu::current; elsewhere they describe a grid of one thread.
#ifndef GPU_DETAIL_INTRINSICS_HPP
#define GPU_DETAIL_INTRINSICS_HPP

#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include <gpu/detail/cpu_thread.hpp>

#define ALLOY_INTRINSIC(NAME) [[clang::annotate("alloy.intrinsic:" NAME)]]

namespace gpu::detail {

ALLOY_INTRINSIC("thread_id.x") inline uint32_t thread_id_x() noexcept {
  return cpu::current ? cpu::current->tid.x : 0;
}
ALLOY_INTRINSIC("thread_id.y") inline uint32_t thread_id_y() noexcept {
  return cpu::current ? cpu::current->tid.y : 0;
}
ALLOY_INTRINSIC("thread_id.z") inline uint32_t thread_id_z() noexcept {
  return cpu::current ? cpu::current->tid.z : 0;
}
ALLOY_INTRINSIC("block_id.x") inline uint32_t block_id_x() noexcept {
  return cpu::current ? cpu::current->bid.x : 0;
}
ALLOY_INTRINSIC("block_id.y") inline uint32_t block_id_y() noexcept {
  return cpu::current ? cpu::current->bid.y : 0;
}
ALLOY_INTRINSIC("block_id.z") inline uint32_t block_id_z() noexcept {
  return cpu::current ? cpu::current->bid.z : 0;
}
ALLOY_INTRINSIC("block_dim.x") inline uint32_t block_dim_x() noexcept {
  return cpu::current ? cpu::current->bdim.x : 1;
}
ALLOY_INTRINSIC("block_dim.y") inline uint32_t block_dim_y() noexcept {
  return cpu::current ? cpu::current->bdim.y : 1;
}
ALLOY_INTRINSIC("block_dim.z") inline uint32_t block_dim_z() noexcept {
  return cpu::current ? cpu::current->bdim.z : 1;
}
ALLOY_INTRINSIC("grid_dim.x") inline uint32_t grid_dim_x() noexcept {
  return cpu::current ? cpu::current->gdim.x : 1;
}
ALLOY_INTRINSIC("grid_dim.y") inline uint32_t grid_dim_y() noexcept {
  return cpu::current ? cpu::current->gdim.y : 1;
}
ALLOY_INTRINSIC("grid_dim.z") inline uint32_t grid_dim_z() noexcept {
  return cpu::current ? cpu::current->gdim.z : 1;
}
ALLOY_INTRINSIC("lane_id") inline uint32_t lane_id() noexcept {
  return cpu::current ? cpu::current->lane : 0;
}
// The lanes of a warp: 32, but one for a host thread outside the CPU device
// (a warp of one lane, whose shuffles read its own value).
ALLOY_INTRINSIC("warp.lanes") inline uint32_t warp_lanes() noexcept {
  return cpu::current ? 32 : 1;
}

ALLOY_INTRINSIC("barrier") inline void barrier() noexcept {
  if (cpu::current)
    cpu::current->ops->barrier();
}
ALLOY_INTRINSIC("fence.device") inline void fence_device() noexcept {
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
}
ALLOY_INTRINSIC("fence.block") inline void fence_block() noexcept {
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
}
ALLOY_INTRINSIC("trap") [[noreturn]] inline void trap() noexcept {
  if (cpu::current)
    cpu::current->ops->trap("gpu::trap()");
  std::abort();
}

// Dynamic shared memory: its base (16-byte aligned) and its size in bytes.
ALLOY_INTRINSIC("dynamic_shared.base")
inline void *dynamic_shared_base() noexcept {
  return cpu::current ? cpu::current->dynamic_shared : nullptr;
}
ALLOY_INTRINSIC("dynamic_shared.size")
inline uint32_t dynamic_shared_size() noexcept {
  return cpu::current ? cpu::current->dynamic_shared_size : 0;
}

// Whether `p` points into shared memory (PTX isspacep.shared). A constant,
// and so free, wherever the compiler knows the pointer's address space (a
// [[gpu::shared]] array, a kernel's pointer parameter); a test otherwise.
// The host has no shared memory.
ALLOY_INTRINSIC("space.is_shared")
inline bool is_shared(const void *) noexcept {
  return false;
}

} // namespace gpu::detail

#endif // GPU_DETAIL_INTRINSICS_HPP
