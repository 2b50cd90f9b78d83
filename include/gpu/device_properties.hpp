// What a device offers (gpu::device_properties, cuDeviceGetAttribute) and
// how many blocks of a prepared kernel fit on one of its multiprocessors
// (gpu::occupancy_of, cuOccupancyMaxActiveBlocksPerMultiprocessor). Part
// of the host API; <gpu/runtime.hpp> includes it.
#ifndef GPU_DEVICE_PROPERTIES_HPP
#define GPU_DEVICE_PROPERTIES_HPP

#include <gpu/device_memory.hpp>
#include <gpu/launch.hpp>

#include <cstddef>
#include <cstdint>
#include <string>

namespace gpu {

struct device_properties {
  int ordinal = -1;
  std::string name;
  sm_version compute_capability;
  int multiprocessor_count = 0;
  int warp_size = 0;
  int max_threads_per_block = 0;
  int max_threads_per_multiprocessor = 0;
  int max_blocks_per_multiprocessor = 0;
  int registers_per_block = 0;              // 32-bit registers
  int registers_per_multiprocessor = 0;     // 32-bit registers
  size_t shared_memory_per_block = 0;       // without opting in
  size_t shared_memory_per_block_optin = 0; // the most a kernel may ask
  size_t shared_memory_per_multiprocessor = 0;
  size_t l2_cache_bytes = 0;
  int clock_rate_khz = 0;        // the typical SM clock
  int memory_clock_rate_khz = 0; // the peak memory clock
  int memory_bus_width_bits = 0;
  size_t total_memory = 0;
  size_t total_constant_memory = 0;
  int max_block_dim[3] = {0, 0, 0}; // threads per block in x, y, z
  int max_grid_dim[3] = {0, 0, 0};  // blocks per grid in x, y, z
  int async_engine_count = 0;       // copy engines (copies beside kernels)
  bool concurrent_kernels = false;
  bool integrated = false;        // shares memory with the host
  bool can_map_host_memory = false;
  bool cooperative_launch = false;

  // Peak DRAM bandwidth in GB/s: two transfers per memory clock over the
  // whole bus (the figure vendors quote).
  double peak_memory_bandwidth_gb_s() const noexcept {
    return 2.0 * double(memory_clock_rate_khz) * 1e3 *
           double(memory_bus_width_bits / 8) / 1e9;
  }

  // Reads every attribute of device `ordinal` (no context needed).
  static result<device_properties> query(int ordinal = 0);
};

// FP32 lanes per multiprocessor of compute capability `cc` (what CUDA's
// helper_cuda.h calls _ConvertSMVer2Cores): 64 on 8.0, 128 on 8.6 and
// newer; 0 for an unknown one (and the CPU device's 0.0).
constexpr int cores_per_multiprocessor(sm_version cc) noexcept {
  if (cc.major == 8 && cc.minor == 0)
    return 64;
  if (cc.major == 7)
    return 64;
  if (cc.major == 6)
    return cc.minor == 0 ? 64 : 128;
  if (cc.major >= 8)
    return 128;
  return 0;
}

// How a kernel with a given block size fills one multiprocessor.
struct occupancy {
  int block_threads = 0;
  size_t dynamic_shared_bytes = 0;
  int blocks_per_multiprocessor = 0;  // resident at once
  int threads_per_multiprocessor = 0; // blocks times block_threads
  double fraction = 0; // of the device's resident threads per multiprocessor
};

// One attribute of a device (CUDA's cudaDeviceAttr, the driver's
// CUdevice_attribute), named as CUDA names it without the cudaDevAttr
// prefix; device_properties reads them all at once.
enum class device_attribute : int {
  max_threads_per_block = 1,
  max_block_dim_x = 2,
  max_block_dim_y = 3,
  max_block_dim_z = 4,
  max_grid_dim_x = 5,
  max_grid_dim_y = 6,
  max_grid_dim_z = 7,
  max_shared_memory_per_block = 8,
  total_constant_memory = 9,
  warp_size = 10,
  max_registers_per_block = 12,
  clock_rate = 13,
  multi_processor_count = 16,
  integrated = 18,
  can_map_host_memory = 19,
  compute_mode = 20,
  concurrent_kernels = 31,
  ecc_enabled = 32,
  pci_bus_id = 33,
  pci_device_id = 34,
  memory_clock_rate = 36,
  global_memory_bus_width = 37,
  l2_cache_size = 38,
  max_threads_per_multi_processor = 39,
  async_engine_count = 40,
  unified_addressing = 41,
  compute_capability_major = 75,
  compute_capability_minor = 76,
  max_shared_memory_per_multiprocessor = 81,
  max_registers_per_multiprocessor = 82,
  managed_memory = 83,
  cooperative_launch = 95,
  max_shared_memory_per_block_optin = 97,
  max_blocks_per_multiprocessor = 106,
};
// cudaDeviceGetAttribute: the attribute's value for device `ordinal` (0 for
// what the CPU device does not have, such as its compute capability).
result<void> get_device_attribute(int *value, device_attribute attribute,
                                  int ordinal);

namespace detail {
result<occupancy> query_occupancy(const kernel_handle &kernel,
                                  uint64_t block_threads,
                                  uint64_t dynamic_shared_bytes);
} // namespace detail

// The occupancy of a prepared kernel with its own block shape and dynamic
// shared memory, given its registers and static shared memory.
template <auto K> result<occupancy> occupancy_of(const prepared<K> &p) {
  const auto &h = detail::prepared_access::handle(p);
  return detail::query_occupancy(
      h, h.dims.block[0] * h.dims.block[1] * h.dims.block[2],
      h.dims.shared_bytes);
}

// The same for another block size (threads per block) and dynamic shared
// memory, e.g. to choose a block size before preparing.
template <auto K>
result<occupancy> occupancy_of(const prepared<K> &p, uint64_t block_threads,
                               uint64_t dynamic_shared_bytes = 0) {
  return detail::query_occupancy(detail::prepared_access::handle(p),
                                 block_threads, dynamic_shared_bytes);
}

// cudaOccupancyMaxActiveBlocksPerMultiprocessor: how many blocks of kernel
// K, of `block_threads` threads and `dynamic_shared_bytes` each, one
// multiprocessor of the default context's device holds at once (what a
// cooperative launch's grid is sized by).
namespace detail {
// K in `ctx` for the occupancy queries below (its contract's block shape,
// if any, checked against `block_threads`).
template <auto K>
result<kernel_handle> prepare_for_occupancy(const context &ctx,
                                            uint64_t block_threads) {
  assert_kernel<K>();
  return prepare_kernel(kernel_key_of<K>(), ctx,
                        to_dims(launch_config_1d{1u, block_threads}),
                        param_descs<K>(), contract_use::block_only);
}
} // namespace detail

template <auto K>
result<void> max_active_blocks_per_multiprocessor(
    int *blocks, uint64_t block_threads, uint64_t dynamic_shared_bytes = 0) {
  auto handle =
      detail::prepare_for_occupancy<K>(default_context(), block_threads);
  if (!handle)
    return std::unexpected(handle.error());
  auto o =
      detail::query_occupancy(*handle, block_threads, dynamic_shared_bytes);
  if (!o)
    return std::unexpected(o.error());
  *blocks = o->blocks_per_multiprocessor;
  return {};
}

// cudaOccupancyMaxPotentialBlockSize: the block size (a multiple of 32, at
// most `block_limit` when it is not 0) that keeps the most threads of K
// resident per multiprocessor, the largest of equals; and the grid that
// fills the device with such blocks.
template <auto K>
result<void> max_potential_block_size(int *min_grid, int *block,
                                      uint64_t dynamic_shared_bytes = 0,
                                      int block_limit = 0) {
  const context &ctx = default_context();
  int most = ctx.device().max_threads_per_block();
  if (block_limit > 0 && block_limit < most)
    most = block_limit;
  auto handle = detail::prepare_for_occupancy<K>(ctx, 32u);
  if (!handle)
    return std::unexpected(handle.error());
  int best_threads = 0, best_block = 0, best_blocks = 0;
  for (int threads = most / 32 * 32; threads >= 32; threads -= 32) {
    auto o = detail::query_occupancy(*handle, uint64_t(threads),
                                     dynamic_shared_bytes);
    if (!o)
      return std::unexpected(o.error());
    if (o->threads_per_multiprocessor > best_threads) {
      best_threads = o->threads_per_multiprocessor;
      best_block = threads;
      best_blocks = o->blocks_per_multiprocessor;
    }
  }
  *block = best_block;
  *min_grid = best_blocks * ctx.device().multiprocessor_count();
  return {};
}

} // namespace gpu

#endif // GPU_DEVICE_PROPERTIES_HPP
