// Hopper's synchronization for asynchronous engines (sm_90): mbarrier
// objects in shared memory, the async-proxy fence, and elect.sync. The
// pieces TMA copies and wgmma complete on (issue 17); docs/hopper.md has
// the protocol.
//
//   [[gpu::shared]] gpu::mbarrier full;       // 8 bytes of shared memory
//   if (gpu::thread::index_in_block() == 0) full.init(blockDim);  // arrivals
//   gpu::sync_threads();                      // init visible to the block
//   ...                                       // write the data
//   full.arrive();                            // release: my writes are done
//   full.wait_parity(phase);                  // acquire: everyone's are
//   phase ^= 1;
//
// A gpu::mbarrier exists only in shared memory: a local or global one does
// not compile (the plugin checks every variable of a type that is or holds
// one), and it cannot be copied. Its member functions take `this`, which
// can only point at such an object (or at one a reinterpret_cast promised).
#ifndef GPU_HOPPER_HPP
#define GPU_HOPPER_HPP

#include <gpu/detail/hopper_intrinsics.hpp>

#include <cstdint>

namespace gpu {

// An mbarrier object (PTX's, 8 bytes, 8-aligned): a phase counter, an
// expected arrival count and a pending transaction count. Declare it
// [[gpu::shared]] (alone, in an array, or as a member of a shared struct),
// init it from one thread, then sync_threads() (or, for the async proxy and
// the cluster, fence_mbarrier_init()) before any thread uses it.
class [[clang::annotate("alloy.shared_only")]] alignas(8) mbarrier {
public:
  // An opaque token of the phase an arrive() arrived on.
  using token = uint64_t;

  mbarrier() = default;
  mbarrier(const mbarrier &) = delete;
  mbarrier &operator=(const mbarrier &) = delete;

  // mbarrier.init: phase 0, `count` (1 to 2^20 - 1) arrivals complete it.
  void init(uint32_t count) noexcept { detail::mbarrier_init(this, count); }
  // mbarrier.arrive.release.cta: this thread's arrival; its earlier writes
  // are visible to the threads that then wait on the phase.
  token arrive() noexcept { return detail::mbarrier_arrive(this); }
  // mbarrier.arrive.release.cluster.shared::cluster (sm_90, a cluster
  // launch): arrives on this mbarrier's twin, the one at the same place in
  // the shared memory of block `rank` of the cluster (a consumer handing
  // back a stage that another block's multicast load fills).
  void arrive_cluster(uint32_t rank) noexcept {
    detail::mbarrier_arrive_cluster(this, rank);
  }
  // mbarrier.arrive.expect_tx (sm_90): the phase also waits for `bytes`
  // bytes of asynchronous copies (TMA) to complete on it; then arrives.
  token arrive_expect_tx(uint32_t bytes) noexcept {
    return detail::mbarrier_arrive_expect_tx(this, bytes);
  }
  // mbarrier.expect_tx (sm_90): raise the current phase's transaction count.
  void expect_tx(uint32_t bytes) noexcept {
    detail::mbarrier_expect_tx(this, bytes);
  }
  // mbarrier.try_wait.acquire.cta (sm_90): true once the phase of `t` (or
  // the phase of parity `phase`, 0 or 1) has completed; false after a time
  // limit. The arrivals' writes are visible once it returns true.
  bool try_wait(token t) noexcept { return detail::mbarrier_try_wait(this, t); }
  bool try_wait_parity(uint32_t phase) noexcept {
    return detail::mbarrier_try_wait_parity(this, phase & 1);
  }
  // Blocks until the phase completes: try_wait in a loop. Each thread loops
  // on its own (try_wait is not warp-synchronous), so a divergent warp is
  // fine, and nothing warp-wide is inside the loop.
  void wait(token t) noexcept {
    while (!try_wait(t)) {
    }
  }
  void wait_parity(uint32_t phase) noexcept {
    while (!try_wait_parity(phase)) {
    }
  }
  // mbarrier.inval: the 8 bytes may be reused (or init again).
  void inval() noexcept { detail::mbarrier_inval(this); }

private:
  uint64_t state_;
};
static_assert(sizeof(mbarrier) == 8 && alignof(mbarrier) == 8);

// fence.proxy.async.shared::cta (sm_90): orders this thread's ordinary
// shared-memory accesses against the async proxy's (TMA, wgmma): after
// writing a tile with ordinary stores, before a TMA store or wgmma reads it.
inline void fence_proxy_async() noexcept { detail::fence_proxy_async(); }
// fence.mbarrier_init.release.cluster (sm_90): this thread's earlier
// mbarrier inits are visible to the async proxy and to the cluster.
inline void fence_mbarrier_init() noexcept { detail::fence_mbarrier_init(); }
// elect.sync (sm_90): true on exactly one lane of the warp. Every lane of
// the warp must call it together (warp-uniform control flow); the plugin
// warns when a branch that may differ between the lanes decides the call.
inline bool elect_one() noexcept { return detail::elect_one(); }

} // namespace gpu

#endif
