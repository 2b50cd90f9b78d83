// The CPU device's worker threads (ALLOY_CPU_THREADS): they run the blocks
// of one grid at a time.
#ifndef ALLOY_RUNTIME_CPU_THREAD_POOL_HPP
#define ALLOY_RUNTIME_CPU_THREAD_POOL_HPP

#include <cstdint>
#include <functional>

namespace gpu::detail::cpu {

// Runs body(begin, end) over consecutive ranges that cover [0, count), on
// the workers and the calling thread; returns when all are done. One job
// at a time.
void run_on_workers(uint64_t count,
                    const std::function<void(uint64_t, uint64_t)> &body);

} // namespace gpu::detail::cpu

#endif // ALLOY_RUNTIME_CPU_THREAD_POOL_HPP
