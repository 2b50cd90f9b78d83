// One block of a grid on one worker thread: its GPU threads as fibers,
// the barrier and warp operations between them, and how a block ends
// (docs/cpu-device.md).
#ifndef ALLOY_RUNTIME_CPU_BLOCK_HPP
#define ALLOY_RUNTIME_CPU_BLOCK_HPP

#include "fiber.hpp"
#include "grid.hpp"

#include <cstdio>
#include <deque>
#include <memory>
#include <string>
#include <vector>

namespace gpu::detail::cpu {

// The GPU's faults (CUresult).
constexpr int CUDA_ERROR_ILLEGAL_ADDRESS = 700;
constexpr int CUDA_ERROR_ASSERT = 710;
constexpr int CUDA_ERROR_HARDWARE_STACK_ERROR = 714;
constexpr int CUDA_ERROR_ILLEGAL_INSTRUCTION = 715;
constexpr int CUDA_ERROR_LAUNCH_FAILED = 719;

enum class status : uint8_t { ready, at_barrier, at_warp, done };

struct gpu_thread {
  fiber_context context;
  thread_state state;
  fiber_stack *stack = nullptr; // the stack it runs on
  status st = status::ready;
  uint32_t rank = 0;
  // In a warp operation: the operation, its value, argument and mask.
  warp_op op = warp_op::sync;
  uint64_t value = 0, result = 0;
  uint32_t arg = 0, mask = 0;
};

// The fibers of one block, on one worker thread.
struct block_run {
  const grid_launch *launch = nullptr;
  std::vector<gpu_thread> threads;
  std::vector<std::unique_ptr<fiber_stack>> free_stacks;
  fiber_context scheduler;
  gpu_thread *current_thread = nullptr;
  uint32_t live = 0, at_barrier = 0, started = 0;
  std::deque<uint32_t> ready; // waited, and may go on
  uint32_t at_warp = 0;        // threads in a warp operation
  // Per warp: the lanes in a warp operation, and those that returned.
  std::vector<uint32_t> warp_waiting, warp_done;
  dim3u next_tid;              // of the next thread to start
  // The fiber that just ended (its last thread returned, none to start).
  fiber_stack *ended = nullptr;
  std::vector<std::byte> dynamic_shared;
  bool faulted = false;
  int fault_code = 0;
  std::string fault;
  dim3u block_id;
  uint64_t first = 0, count = 1; // the blocks it runs (linear ids)

  void release_barrier() {
    for (gpu_thread &t : threads)
      if (t.st == status::at_barrier) {
        t.st = status::ready;
        ready.push_back(t.rank);
      }
    at_barrier = 0;
  }

  // The next thread of the block, set up to run.
  gpu_thread &start_next() {
    const grid_launch &g = *launch;
    gpu_thread &t = threads[started];
    t.st = status::ready;
    t.stack = nullptr;
    t.rank = started++;
    t.state.tid = next_tid; // (no divisions: they cost more than a thread)
    if (++next_tid.x == g.block.x) {
      next_tid.x = 0;
      if (++next_tid.y == g.block.y) {
        next_tid.y = 0;
        ++next_tid.z;
      }
    }
    t.state.bid = block_id;
    t.state.bdim = g.block;
    t.state.gdim = g.grid;
    t.state.lane = t.rank % 32;
    t.state.dynamic_shared = g.shared_bytes ? dynamic_shared.data() : nullptr;
    t.state.dynamic_shared_size = g.shared_bytes;
    t.state.ops = &cpu_hooks_ref();
    return t;
  }
  static const hooks &cpu_hooks_ref();

  // Completes the warp operation of the lanes that wait with `mask` in the
  // warp of `w`, if all of its live members have arrived.
  void try_complete_warp(uint32_t warp, uint32_t mask) {
    uint32_t first = warp * 32, n = uint32_t(threads.size());
    // Cheap tests first: every lane of `mask` that exists, has started and
    // has not returned must wait.
    uint32_t exist = n - first >= 32 ? ~0u : (1u << (n - first)) - 1;
    uint32_t begun = started <= first        ? 0u
                     : started - first >= 32 ? ~0u
                                             : (1u << (started - first)) - 1;
    uint32_t arrived = mask & exist & ~warp_done[warp];
    if (!arrived || (arrived & ~begun) ||
        (warp_waiting[warp] & arrived) != arrived)
      return;
    // ... with this mask (not a different operation of some lanes).
    for (uint32_t lane = 0; lane < 32; ++lane)
      if (arrived >> lane & 1 && threads[first + lane].mask != mask)
        return;
    uint32_t ballot = 0;
    for (uint32_t lane = 0; lane < 32; ++lane)
      if (arrived >> lane & 1 && threads[first + lane].value)
        ballot |= 1u << lane;
    for (uint32_t lane = 0; lane < 32; ++lane) {
      if (!(arrived >> lane & 1))
        continue;
      gpu_thread &t = threads[first + lane];
      auto from = [&](int64_t src) {
        if (src < 0 || src > 31 || !(arrived >> src & 1))
          return t.value; // outside the warp: the caller's own value
        return threads[first + uint32_t(src)].value;
      };
      switch (t.op) {
      case warp_op::idx: t.result = from(t.arg % 32); break;
      case warp_op::up: t.result = from(int64_t(lane) - t.arg); break;
      case warp_op::down: t.result = from(int64_t(lane) + t.arg); break;
      case warp_op::bfly: t.result = from(lane ^ t.arg); break;
      case warp_op::ballot: t.result = ballot; break;
      case warp_op::all: t.result = ballot == arrived; break;
      case warp_op::any: t.result = ballot != 0; break;
      case warp_op::sync: t.result = 0; break;
      }
      t.st = status::ready;
      --at_warp;
      warp_waiting[warp] &= ~(1u << lane);
      ready.push_back(t.rank);
    }
  }

  std::unique_ptr<fiber_stack> take_stack() {
    if (!free_stacks.empty()) {
      auto s = std::move(free_stacks.back());
      free_stacks.pop_back();
      return s;
    }
    return std::make_unique<fiber_stack>(launch->stack_bytes);
  }

  static std::string thread_name(const gpu_thread &t) {
    char text[64];
    std::snprintf(text, sizeof text, "thread (%u, %u, %u)", t.state.tid.x,
                  t.state.tid.y, t.state.tid.z);
    return text;
  }
  std::string where(const gpu_thread &t) const {
    char text[64];
    std::snprintf(text, sizeof text, "block (%u, %u, %u), ", t.state.bid.x,
                  t.state.bid.y, t.state.bid.z);
    return text + thread_name(t);
  }

  // Ends the kernel with fault `code`, `why` happening in thread `t`.
  void fail(const gpu_thread &t, int code, const char *why) {
    faulted = true;
    fault_code = code;
    fault = "kernel '" + launch->kernel + "', " + where(t) + ": " + why;
  }

  // Runs linear block `first`, or, for a kernel whose threads never wait,
  // `count` blocks from it.
  void run(uint64_t first, uint64_t count,
           std::vector<std::unique_ptr<fiber_stack>> &pool);
  void deadlock();
};

// The block the calling worker runs, if any.
extern thread_local block_run *running;

// Leaves the running fiber of thread `t` for good, back to the scheduler.
[[noreturn]] void end_fiber(gpu_thread &t);

// Installs, once per worker, the handler that turns a memory fault, an
// illegal instruction or an arithmetic trap in a kernel into the GPU's
// fault (faults.cpp).
void catch_memory_faults();

} // namespace gpu::detail::cpu

#endif // ALLOY_RUNTIME_CPU_BLOCK_HPP
