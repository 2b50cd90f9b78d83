// Device intrinsics of <gpu/tma.hpp>: the tensor memory accelerator's bulk
// tensor copies (cp.async.bulk.tensor), their bulk groups and the tensor
// map prefetch. Each is one Alloy operation (TmaEmitter.cpp); the rank is
// the number of coordinates. `map` is the address of a gpu::tensor_map
// kernel parameter (param space, seen through a generic pointer); `smem`
// and `bar` point into shared memory, which the plugin casts to the shared
// space. The bodies are the host fallbacks: a host thread has no tensor
// memory accelerator, so they stop the program.
#ifndef GPU_DETAIL_TMA_INTRINSICS_HPP
#define GPU_DETAIL_TMA_INTRINSICS_HPP

#include <gpu/detail/intrinsics.hpp>

#include <cstdint>
#include <cstdlib>

namespace gpu::detail {

// Global -> shared, completing `box bytes` of transactions on `bar`.
ALLOY_INTRINSIC("tma.load")
inline void tma_load(void *, const void *, void *, int32_t) noexcept {
  ::gpu::detail::cpu::unsupported("tma.load");
}
ALLOY_INTRINSIC("tma.load")
inline void tma_load(void *, const void *, void *, int32_t, int32_t) noexcept {
  ::gpu::detail::cpu::unsupported("tma.load");
}
ALLOY_INTRINSIC("tma.load")
inline void tma_load(void *, const void *, void *, int32_t, int32_t,
                     int32_t) noexcept {
  ::gpu::detail::cpu::unsupported("tma.load");
}
ALLOY_INTRINSIC("tma.load")
inline void tma_load(void *, const void *, void *, int32_t, int32_t, int32_t,
                     int32_t) noexcept {
  ::gpu::detail::cpu::unsupported("tma.load");
}
ALLOY_INTRINSIC("tma.load")
inline void tma_load(void *, const void *, void *, int32_t, int32_t, int32_t,
                     int32_t, int32_t) noexcept {
  ::gpu::detail::cpu::unsupported("tma.load");
}

// The same into every block of the cluster whose rank bit is set in the
// mask (the box at dst's offset, its bytes on the mbarrier at bar's).
ALLOY_INTRINSIC("tma.load_multicast")
inline void tma_load_multicast(void *, const void *, void *, uint16_t,
                               int32_t) noexcept {
  ::gpu::detail::cpu::unsupported("tma.load_multicast");
}
ALLOY_INTRINSIC("tma.load_multicast")
inline void tma_load_multicast(void *, const void *, void *, uint16_t, int32_t,
                               int32_t) noexcept {
  ::gpu::detail::cpu::unsupported("tma.load_multicast");
}
ALLOY_INTRINSIC("tma.load_multicast")
inline void tma_load_multicast(void *, const void *, void *, uint16_t, int32_t,
                               int32_t, int32_t) noexcept {
  ::gpu::detail::cpu::unsupported("tma.load_multicast");
}
ALLOY_INTRINSIC("tma.load_multicast")
inline void tma_load_multicast(void *, const void *, void *, uint16_t, int32_t,
                               int32_t, int32_t, int32_t) noexcept {
  ::gpu::detail::cpu::unsupported("tma.load_multicast");
}
ALLOY_INTRINSIC("tma.load_multicast")
inline void tma_load_multicast(void *, const void *, void *, uint16_t, int32_t,
                               int32_t, int32_t, int32_t, int32_t) noexcept {
  ::gpu::detail::cpu::unsupported("tma.load_multicast");
}
// Shared -> global, in the current bulk group.
ALLOY_INTRINSIC("tma.store")
inline void tma_store(const void *, const void *, int32_t) noexcept {
  ::gpu::detail::cpu::unsupported("tma.store");
}
ALLOY_INTRINSIC("tma.store")
inline void tma_store(const void *, const void *, int32_t, int32_t) noexcept {
  ::gpu::detail::cpu::unsupported("tma.store");
}
ALLOY_INTRINSIC("tma.store")
inline void tma_store(const void *, const void *, int32_t, int32_t,
                      int32_t) noexcept {
  ::gpu::detail::cpu::unsupported("tma.store");
}
ALLOY_INTRINSIC("tma.store")
inline void tma_store(const void *, const void *, int32_t, int32_t, int32_t,
                      int32_t) noexcept {
  ::gpu::detail::cpu::unsupported("tma.store");
}
ALLOY_INTRINSIC("tma.store")
inline void tma_store(const void *, const void *, int32_t, int32_t, int32_t,
                      int32_t, int32_t) noexcept {
  ::gpu::detail::cpu::unsupported("tma.store");
}

// cp.async.bulk.commit_group / cp.async.bulk.wait_group[.read] N.
ALLOY_INTRINSIC("tma.store_commit") inline void tma_store_commit() noexcept {}
template <int N, bool Read>
ALLOY_INTRINSIC("tma.store_wait")
inline void tma_store_wait() noexcept {}

// prefetch.tensormap: the map's 128 bytes into the descriptor cache.
ALLOY_INTRINSIC("tma.prefetch")
inline void tma_prefetch(const void *) noexcept {}

} // namespace gpu::detail

#endif
