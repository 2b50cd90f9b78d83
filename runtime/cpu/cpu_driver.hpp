// The CPU device behind the driver interface: a driver_api whose entry
// points keep "device" memory in host memory, run streams on worker
// threads and kernels through run_grid. The runtime above it is the same
// for both devices, so launches get the same checks and the same errors.
#ifndef ALLOY_RUNTIME_CPU_CPU_DRIVER_HPP
#define ALLOY_RUNTIME_CPU_CPU_DRIVER_HPP

#include "../driver_api.hpp"
#include "../module_registry.hpp"

#include <span>

namespace gpu::detail::cpu {

// The CPU device's table (one device, ordinal 0).
const cu::driver_api *driver();
bool is_cpu(const cu::driver_api *api);

// The CUfunction of a kernel on the CPU device: its record and the entry
// that calls its host function with the argument objects.
cu::CUfunction function_for(const kernel_record &kernel,
                            const kernel_key &key);

// Queues a launch on `stream` with copies of the argument objects (one per
// C++ parameter); a CUresult.
int launch(cu::CUfunction f, const launch_dims &dims, cu::CUstream stream,
           std::span<void *const> objects);

} // namespace gpu::detail::cpu

#endif // ALLOY_RUNTIME_CPU_CPU_DRIVER_HPP
