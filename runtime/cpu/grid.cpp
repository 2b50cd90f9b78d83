#include "grid.hpp"

#include "block.hpp"
#include "thread_pool.hpp"

#include <atomic>
#include <mutex>

namespace gpu::detail::cpu {

grid_outcome run_grid(const grid_launch &g) {
  uint64_t blocks = uint64_t(g.grid.x) * g.grid.y * g.grid.z;
  std::atomic<bool> failed{false};
  std::mutex m;
  grid_outcome outcome;
  run_on_workers(blocks, [&](uint64_t begin, uint64_t end) {
    if (failed.load(std::memory_order_relaxed))
      return;
    thread_local block_run b;
    thread_local std::vector<std::unique_ptr<fiber_stack>> stacks;
    catch_memory_faults();
    b.launch = &g;
    block_run *outer = running;
    running = &b;
    if (g.invoke_blocks) // all of them on one fiber
      b.run(begin, end - begin, stacks);
    else
      for (uint64_t i = begin; i < end && !b.faulted; ++i)
        b.run(i, 1, stacks);
    running = outer;
    if (b.faulted) {
      std::lock_guard lock(m);
      if (!failed.exchange(true)) {
        outcome.code = b.fault_code;
        outcome.message = b.fault;
      }
    }
  });
  return outcome;
}


} // namespace gpu::detail::cpu
