// gpu::device_properties (cuDeviceGetAttribute) and gpu::occupancy_of
// (cuOccupancyMaxActiveBlocksPerMultiprocessor).
#include "context_state.hpp"
#include "errors.hpp"

#include <utility>

namespace gpu {

namespace cu = detail::cu;

namespace {

result<device_properties> read_properties(const cu::driver_api &api,
                                          cu::CUdevice device, int ordinal) {
  int rc = cu::CUDA_SUCCESS;
  int failed_attribute = 0;
  auto attribute = [&](int which) {
    int value = 0;
    if (rc == cu::CUDA_SUCCESS) {
      rc = api.cuDeviceGetAttribute(&value, which, device);
      failed_attribute = which;
    }
    return value;
  };
  device_properties p;
  p.ordinal = ordinal;
  p.compute_capability.major =
      attribute(cu::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
  p.compute_capability.minor =
      attribute(cu::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
  p.multiprocessor_count =
      attribute(cu::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
  p.warp_size = attribute(cu::CU_DEVICE_ATTRIBUTE_WARP_SIZE);
  p.max_threads_per_block =
      attribute(cu::CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
  p.max_threads_per_multiprocessor =
      attribute(cu::CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR);
  p.max_blocks_per_multiprocessor =
      attribute(cu::CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR);
  p.registers_per_block =
      attribute(cu::CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK);
  p.registers_per_multiprocessor =
      attribute(cu::CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR);
  p.shared_memory_per_block =
      size_t(attribute(cu::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK));
  p.shared_memory_per_block_optin = size_t(
      attribute(cu::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN));
  p.shared_memory_per_multiprocessor = size_t(
      attribute(cu::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR));
  p.l2_cache_bytes = size_t(attribute(cu::CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE));
  p.clock_rate_khz = attribute(cu::CU_DEVICE_ATTRIBUTE_CLOCK_RATE);
  p.memory_clock_rate_khz =
      attribute(cu::CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE);
  p.memory_bus_width_bits =
      attribute(cu::CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH);
  for (int d = 0; d < 3; ++d) {
    p.max_block_dim[d] = attribute(cu::CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X + d);
    p.max_grid_dim[d] = attribute(cu::CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X + d);
  }
  p.total_constant_memory =
      size_t(attribute(cu::CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY));
  p.async_engine_count = attribute(cu::CU_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT);
  p.concurrent_kernels =
      attribute(cu::CU_DEVICE_ATTRIBUTE_CONCURRENT_KERNELS) != 0;
  p.integrated = attribute(cu::CU_DEVICE_ATTRIBUTE_INTEGRATED) != 0;
  p.can_map_host_memory =
      attribute(cu::CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY) != 0;
  p.cooperative_launch =
      attribute(cu::CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH) != 0;
  if (rc != cu::CUDA_SUCCESS)
    return std::unexpected(detail::driver_error(
        &api, rc,
        "reading attribute " + std::to_string(failed_attribute) +
            " of device " + std::to_string(ordinal) +
            " (cuDeviceGetAttribute)"));
  char name[256] = {};
  rc = api.cuDeviceGetName(name, sizeof(name) - 1, device);
  if (rc == cu::CUDA_SUCCESS)
    rc = api.cuDeviceTotalMem(&p.total_memory, device);
  if (rc != cu::CUDA_SUCCESS)
    return std::unexpected(detail::driver_error(
        &api, rc,
        "reading the name and memory of device " + std::to_string(ordinal) +
            " (cuDeviceGetName, cuDeviceTotalMem)"));
  p.name = name;
  return p;
}

} // namespace

namespace {
// The driver and device `ordinal`, checked to exist; errors name `what`.
result<std::pair<const cu::driver_api *, cu::CUdevice>>
open_device(int ordinal, const std::string &what) {
  auto api = detail::device_driver();
  if (!api)
    return std::unexpected(api.error());
  int count = 0;
  if (int rc = (*api)->cuDeviceGetCount(&count); rc != cu::CUDA_SUCCESS)
    return std::unexpected(
        detail::driver_error(*api, rc, "counting the CUDA devices"));
  if (ordinal < 0 || ordinal >= count)
    return detail::fail(cu::CUDA_ERROR_INVALID_DEVICE,
                        what + ": there is no CUDA device " +
                            std::to_string(ordinal) + ": this machine has " +
                            std::to_string(count));
  cu::CUdevice device = 0;
  if (int rc = (*api)->cuDeviceGet(&device, ordinal); rc != cu::CUDA_SUCCESS)
    return std::unexpected(detail::driver_error(
        *api, rc, "cuDeviceGet(" + std::to_string(ordinal) + ")"));
  return std::pair{*api, device};
}
} // namespace

result<device_properties> device_properties::query(int ordinal) {
  auto opened = open_device(ordinal, "device_properties::query");
  if (!opened)
    return std::unexpected(opened.error());
  return read_properties(*opened->first, opened->second, ordinal);
}

result<void> get_device_attribute(int *value, device_attribute attribute,
                                  int ordinal) {
  auto opened = open_device(ordinal, "gpu::get_device_attribute");
  if (!opened)
    return std::unexpected(opened.error());
  auto [api, device] = *opened;
  if (int rc = api->cuDeviceGetAttribute(value, int(attribute), device);
      rc != cu::CUDA_SUCCESS)
    return std::unexpected(detail::driver_error(
        api, rc,
        "gpu::get_device_attribute(" + std::to_string(int(attribute)) + ")"));
  return {};
}

result<device_properties> context::properties() const {
  if (!state_)
    return detail::fail(errc::invalid_handle,
                        "context::properties of a moved-from or empty "
                        "context");
  {
    std::lock_guard lock(state_->mutex);
    if (state_->properties)
      return *state_->properties;
  }
  auto read =
      read_properties(*state_->api, state_->device, state_->info.ordinal());
  if (read) {
    std::lock_guard lock(state_->mutex);
    state_->properties = *read;
  }
  return read;
}

namespace detail {

result<occupancy> query_occupancy(const kernel_handle &kernel,
                                  uint64_t block_threads,
                                  uint64_t dynamic_shared_bytes) {
  if (!kernel.kernel || !kernel.ctx || !kernel.function)
    return fail(errc::invalid_handle, "gpu::occupancy_of an empty prepared");
  const std::string &name = kernel.kernel->name;
  context_state &ctx = *kernel.ctx;
  const device_limits &limits = ctx.info.limits();
  if (block_threads == 0 || block_threads > limits.max_threads_per_block)
    return fail(errc::invalid_config,
                "gpu::occupancy_of kernel '" + name + "': a block of " +
                    std::to_string(block_threads) +
                    " threads; the device allows 1 to " +
                    std::to_string(limits.max_threads_per_block));
  if (dynamic_shared_bytes > limits.max_shared_per_block)
    return fail(errc::invalid_config,
                "gpu::occupancy_of kernel '" + name +
                    "': " + std::to_string(dynamic_shared_bytes) +
                    " bytes of dynamic shared memory exceed the device's " +
                    std::to_string(limits.max_shared_per_block));
  if (auto entered = ctx.enter(); !entered)
    return std::unexpected(entered.error());
  auto function = static_cast<cu::CUfunction>(kernel.function);
  std::string what = "gpu::occupancy_of kernel '" + name + "'";
  // As at launch: more than 48 KiB of dynamic shared memory needs the
  // function's limit raised, or the driver counts no block.
  if (auto ok = allow_dynamic_shared(ctx, function, dynamic_shared_bytes, what);
      !ok)
    return std::unexpected(ok.error());
  occupancy o;
  o.block_threads = int(block_threads);
  o.dynamic_shared_bytes = size_t(dynamic_shared_bytes);
  if (int rc = ctx.api->cuOccupancyMaxActiveBlocksPerMultiprocessor(
          &o.blocks_per_multiprocessor, function, int(block_threads),
          size_t(dynamic_shared_bytes));
      rc != cu::CUDA_SUCCESS)
    return std::unexpected(ctx.failure(rc, what));
  int per_sm = 0;
  if (int rc = ctx.api->cuDeviceGetAttribute(
          &per_sm, cu::CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR,
          ctx.device);
      rc != cu::CUDA_SUCCESS)
    return std::unexpected(ctx.failure(rc, what));
  o.threads_per_multiprocessor = o.blocks_per_multiprocessor * o.block_threads;
  o.fraction = per_sm > 0 ? double(o.threads_per_multiprocessor) / per_sm : 0;
  return o;
}

} // namespace detail
} // namespace gpu
