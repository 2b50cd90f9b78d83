// The PTX under cooperative groups' coalesced groups and grid-wide sync,
// with their CPU-device bodies.
//
// A grid sync uses the workspace that the CUDA driver gives a cooperative
// launch (its address's high and low halves in %envreg1 and %envreg2, null
// otherwise): a 32-bit arrival counter after a 32-bit size. Every block
// adds 1 to it, except block 0, which adds 2^31 - (blocks - 1): the sum
// flips bit 31 exactly once per sync and leaves the rest as it was, so
// nothing is reset.
#ifndef GPU_DETAIL_CG_PTX_HPP
#define GPU_DETAIL_CG_PTX_HPP

#include <gpu/detail/intrinsics.hpp>
#include <gpu/ptx.hpp>

#include <cstdint>

// glibc's assertion failure, which the plugin turns into CUDA's; declared
// here because <assert.h> does not under NDEBUG.
extern "C" [[noreturn]] void __assert_fail(const char *, const char *,
                                           unsigned, const char *) noexcept;

namespace gpu::detail {

// The lanes of the warp that make this call together (PTX activemask). On
// the CPU device each thread runs by itself: the calling lane alone, a
// result the GPU may give too.
ALLOY_INTRINSIC("ptx.asm")
inline void active_mask_asm(const char *, ptx::out<uint32_t> m) noexcept {
  *m.p = 1u << lane_id();
}
inline uint32_t active_mask() noexcept {
  uint32_t m = 0;
  active_mask_asm("activemask.b32 %0;", ptx::out(m));
  return m;
}

// The driver's grid workspace of a cooperative launch, or 0. The CPU device
// runs no cooperative launch.
ALLOY_INTRINSIC("ptx.asm")
inline void grid_workspace_asm(const char *, ptx::out<uint32_t> hi,
                               ptx::out<uint32_t> lo) noexcept {
  *hi.p = *lo.p = 0;
}
inline uint64_t grid_workspace() noexcept {
  uint32_t hi = 0, lo = 0; // %envreg1: the high half, %envreg2: the low
  grid_workspace_asm("mov.u32 %0, %%envreg1;\n\tmov.u32 %1, %%envreg2;",
                     ptx::out(hi), ptx::out(lo));
  return uint64_t(hi) << 32 | lo;
}

// Release-add and acquire-load at device scope (the grid's counter).
ALLOY_INTRINSIC("ptx.asm")
inline void grid_arrive_asm(const char *, ptx::out<uint32_t>, uint64_t,
                            uint32_t) noexcept {
  cpu::unsupported("a grid-wide sync");
}
ALLOY_INTRINSIC("ptx.asm")
inline void grid_poll_asm(const char *, ptx::out<uint32_t>, uint64_t) noexcept {
  cpu::unsupported("a grid-wide sync");
}

inline bool is_block_leader() noexcept {
  return (thread_id_x() | thread_id_y() | thread_id_z()) == 0;
}

// Every thread of the grid waits here until all have arrived.
inline void grid_sync() noexcept {
  uint64_t workspace = grid_workspace();
  // No workspace: a plain launch from outside Alloy's runtime, which refuses
  // one of a kernel that reaches here (saying why). A trap, as CUDA's
  // grid.sync: an assertion's message would make the driver set up its
  // printf buffer at the kernel's first launch (2.7 ms on an H100).
  if (workspace == 0)
    trap();
  uint64_t counter = workspace + 4;
  barrier();
  if (is_block_leader()) {
    uint32_t blocks = grid_dim_x() * grid_dim_y() * grid_dim_z();
    bool first = (block_id_x() | block_id_y() | block_id_z()) == 0;
    uint32_t add = first ? 0x80000000u - (blocks - 1) : 1u;
    uint32_t before = 0, now = 0;
    grid_arrive_asm("atom.add.release.gpu.u32 %0, [%1], %2;",
                    ptx::out(before), counter, add);
    do
      grid_poll_asm("ld.acquire.gpu.u32 %0, [%1];", ptx::out(now),
                    counter);
    while (((before ^ now) & 0x80000000u) == 0);
  }
  barrier();
}

} // namespace gpu::detail

#endif // GPU_DETAIL_CG_PTX_HPP
