// Running a kernel's grid on the CPU: blocks spread over a pool of worker
// threads, each block's GPU threads as fibers on one worker, switched at
// barriers and warp operations (docs/cpu-device.md).
#ifndef ALLOY_RUNTIME_CPU_GRID_HPP
#define ALLOY_RUNTIME_CPU_GRID_HPP

#include <gpu/detail/cpu_thread.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace gpu::detail::cpu {

// One launch: the kernel's host function behind a type-erased entry, and
// copies of its argument objects (taken when the launch is queued, as the
// GPU takes its parameters).
struct grid_launch {
  std::string kernel; // its C++ name, for messages
  void (*invoke)(void *const *objects) = nullptr;
  // Set for kernels whose threads never wait for each other: runs whole
  // blocks (launch_abi.hpp).
  void (*invoke_blocks)(void *const *objects, thread_state *state,
                        uint64_t first, uint64_t count) = nullptr;
  std::vector<std::unique_ptr<std::byte[]>> storage;
  std::vector<void *> objects;
  dim3u grid, block;
  uint32_t shared_bytes = 0;
  std::size_t stack_bytes = 0;
};

// What a grid's run ended with: 0, or the CUresult of its fault
// (CUDA_ERROR_ASSERT, CUDA_ERROR_LAUNCH_FAILED) and what happened.
struct grid_outcome {
  int code = 0;
  std::string message;
};

// Runs every block of `g`; returns when all have finished or one faulted.
grid_outcome run_grid(const grid_launch &g);

// The number of worker threads (ALLOY_CPU_THREADS, else the hardware's).
unsigned worker_count();

} // namespace gpu::detail::cpu

#endif // ALLOY_RUNTIME_CPU_GRID_HPP
