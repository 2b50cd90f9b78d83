// The running GPU thread as the CPU device sees it (runtime/cpu/): where
// the host bodies of the device intrinsics find their thread, block and
// grid, and the block's barrier and warp operations. `current` is null
// outside a kernel run by the CPU device; the intrinsics then describe a
// grid of one thread.
#ifndef GPU_DETAIL_CPU_THREAD_HPP
#define GPU_DETAIL_CPU_THREAD_HPP

#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace gpu::detail::cpu {

struct dim3u {
  uint32_t x = 0, y = 0, z = 0;
};

// The warp operations, by what the intrinsic asks of the other lanes.
enum class warp_op : uint32_t { idx, up, down, bfly, ballot, all, any, sync };

// The CPU device's entry points, reached through the thread's state so
// that the headers need no symbol from the runtime library. None throws
// (so a kernel's host code has no landing pad around them).
struct hooks {
  void (*barrier)() noexcept;
  // The warp operation `op` of the calling lane: its 64-bit value (a
  // shuffle's word, a vote's predicate), the shuffle's lane or delta, the
  // member mask.
  uint64_t (*warp)(warp_op op, uint64_t value, uint32_t arg,
                   uint32_t mask) noexcept;
  // Ends the kernel with a fault (gpu::trap, a failed assert); `why` is
  // printed. Does not return.
  void (*trap)(const char *why) noexcept;
};

struct thread_state {
  dim3u tid, bid, bdim, gdim;
  uint32_t lane = 0;
  void *dynamic_shared = nullptr;
  uint32_t dynamic_shared_size = 0;
  const hooks *ops = nullptr;
};

inline thread_local thread_state *current = nullptr;

// The host body of an intrinsic that the CPU device does not run (tensor
// cores, mbarriers, TMA, inline PTX): a fault of the kernel on the CPU
// device, an abort elsewhere.
[[noreturn]] inline void unsupported(const char *what) noexcept {
  if (current && current->ops) {
    char why[160];
    std::snprintf(why, sizeof why, "%s is not supported on the CPU device",
                  what);
    current->ops->trap(why);
  }
  std::abort();
}

} // namespace gpu::detail::cpu

#endif // GPU_DETAIL_CPU_THREAD_HPP
