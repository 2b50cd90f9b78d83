// Device intrinsics of <gpu/hopper.hpp>: mbarriers, proxy fences and
// elect.sync. Each is one Alloy operation (HopperEmitter.cpp); the mbarrier
// address is a generic pointer to an object in shared memory, which the
// plugin casts to the shared space. The bodies are the host fallbacks: a
// host thread has no shared memory and no warp, so they stop the program.
#ifndef GPU_DETAIL_HOPPER_INTRINSICS_HPP
#define GPU_DETAIL_HOPPER_INTRINSICS_HPP

#include <gpu/detail/intrinsics.hpp>

#include <cstdint>
#include <cstdlib>

namespace gpu::detail {

ALLOY_INTRINSIC("mbarrier.init")
inline void mbarrier_init(void *, uint32_t) noexcept { ::gpu::detail::cpu::unsupported("mbarrier.init"); }
ALLOY_INTRINSIC("mbarrier.arrive")
inline uint64_t mbarrier_arrive(void *) noexcept { ::gpu::detail::cpu::unsupported("mbarrier.arrive"); }
ALLOY_INTRINSIC("mbarrier.arrive_expect_tx")
inline uint64_t mbarrier_arrive_expect_tx(void *, uint32_t) noexcept {
  ::gpu::detail::cpu::unsupported("mbarrier.arrive_expect_tx");
}
ALLOY_INTRINSIC("mbarrier.arrive_cluster")
inline void mbarrier_arrive_cluster(void *, uint32_t) noexcept {
  ::gpu::detail::cpu::unsupported("mbarrier.arrive_cluster");
}
ALLOY_INTRINSIC("mbarrier.expect_tx")
inline void mbarrier_expect_tx(void *, uint32_t) noexcept { ::gpu::detail::cpu::unsupported("mbarrier.expect_tx"); }
ALLOY_INTRINSIC("mbarrier.try_wait")
inline bool mbarrier_try_wait(void *, uint64_t) noexcept { ::gpu::detail::cpu::unsupported("mbarrier.try_wait"); }
ALLOY_INTRINSIC("mbarrier.try_wait_parity")
inline bool mbarrier_try_wait_parity(void *, uint32_t) noexcept {
  ::gpu::detail::cpu::unsupported("mbarrier.try_wait_parity");
}
ALLOY_INTRINSIC("mbarrier.inval")
inline void mbarrier_inval(void *) noexcept { ::gpu::detail::cpu::unsupported("mbarrier.inval"); }
ALLOY_INTRINSIC("fence.proxy_async") inline void fence_proxy_async() noexcept {}
ALLOY_INTRINSIC("fence.mbarrier_init")
inline void fence_mbarrier_init() noexcept {}
ALLOY_INTRINSIC("elect_one") inline bool elect_one() noexcept {
  if (!cpu::current)
    return true;
  // The CPU device: the lowest lane of the warp.
  uint64_t lanes = cpu::current->ops->warp(cpu::warp_op::ballot, 1, 0, ~0u);
  return uint32_t(__builtin_ctzll(lanes)) == cpu::current->lane;
}

} // namespace gpu::detail

#endif
