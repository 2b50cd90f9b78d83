// Preparing and launching kernels: the entry points of launch_abi.hpp.
#include "checks.hpp"
#include "context_state.hpp"
#include "cpu/cpu_driver.hpp"
#include "errors.hpp"
#include <cstdio>
#include <cstdlib>

#include <vector>

namespace gpu::detail {
namespace {

// A cooperative launch's blocks must all be resident at once.
result<void> check_cooperative(context_state &ctx, const loaded_function &f,
                               const launch_dims &dims,
                               const std::string &name) {
  auto function = static_cast<cu::CUfunction>(f.function);
  if (auto ok = allow_dynamic_shared(ctx, function, dims.shared_bytes,
                                     "kernel '" + name + "'");
      !ok)
    return ok;
  uint64_t threads = dims.block[0] * dims.block[1] * dims.block[2];
  uint64_t shape = threads << 32 | dims.shared_bytes;
  int per_sm = -1;
  {
    std::lock_guard lock(ctx.mutex);
    auto &known = ctx.occupancy[function];
    if (auto it = known.find(shape); it != known.end())
      per_sm = it->second;
  }
  if (per_sm < 0) {
    if (int rc = ctx.api->cuOccupancyMaxActiveBlocksPerMultiprocessor(
            &per_sm, function, int(threads), size_t(dims.shared_bytes));
        rc != cu::CUDA_SUCCESS)
      return std::unexpected(ctx.failure(
          rc, "kernel '" + name + "': a cooperative launch's occupancy check"));
    std::lock_guard lock(ctx.mutex);
    ctx.occupancy[function][shape] = per_sm;
  }
  uint64_t blocks = dims.grid[0] * dims.grid[1] * dims.grid[2];
  uint64_t sms = uint64_t(ctx.info.multiprocessor_count());
  if (blocks > uint64_t(per_sm) * sms)
    return fail(errc::invalid_config,
                "kernel '" + name + "': a cooperative launch of " +
                    std::to_string(blocks) + " blocks, but only " +
                    std::to_string(per_sm) + " per multiprocessor x " +
                    std::to_string(sms) +
                    " multiprocessors can be resident at once (blocks of " +
                    std::to_string(threads) + " threads, " +
                    std::to_string(dims.shared_bytes) +
                    " bytes of shared memory); use gpu::occupancy_of to "
                    "size the grid");
  return {};
}

result<kernel_handle> prepare_in(const kernel_key &key,
                                 const std::shared_ptr<context_state> &ctx,
                                 const launch_dims &dims,
                                 std::span<const param_desc> params,
                                 contract_use contract) {
  // The registry first: without the plugin this is the error that matters.
  auto found = find_kernel(key);
  if (!found)
    return std::unexpected(found.error());
  const kernel_record &kernel = **found;
  if (contract == contract_use::required && !kernel.contract)
    return fail(errc::no_contract,
                "kernel '" + kernel.name +
                    "' has no launch contract, so gpu::prepare cannot check "
                    "its configuration: add [[gpu::launch_contract(DOMAIN, "
                    "BX, ...)]] or use gpu::launch_unchecked");
  if (auto ok = check_signature(kernel, params); !ok)
    return std::unexpected(ok.error());
  if (auto ok = check_contract(dims, kernel.contract,
                               contract == contract_use::required, kernel.name);
      !ok)
    return std::unexpected(ok.error());
  if (auto ok = check_disjoint_outputs(dims, kernel); !ok)
    return std::unexpected(ok.error());
  for (int i = 0; i < 3; ++i)
    if (dims.grid[i] % kernel.cluster[i]) {
      const char *axis[3] = {"x", "y", "z"};
      return fail(errc::invalid_config,
                  "kernel '" + kernel.name + "': grid extent " + axis[i] +
                      " = " + std::to_string(dims.grid[i]) +
                      " is not a multiple of its cluster's " +
                      std::to_string(kernel.cluster[i]) +
                      " blocks ([[gpu::cluster_dims(" +
                      std::to_string(kernel.cluster[0]) + ", " +
                      std::to_string(kernel.cluster[1]) + ", " +
                      std::to_string(kernel.cluster[2]) +
                      ")]]): the grid must be whole clusters");
    }
  if (ctx && ctx->info.is_cpu() && !kernel.module->cpu_device)
    return fail(errc::kernel_not_compiled,
                "kernel '" + kernel.name +
                    "' was compiled for the GPU only (alloy++ "
                    "--no-cpu-device), so the CPU device cannot run it: "
                    "compile its file without --no-cpu-device");
  if (ctx && ctx->info.is_cpu() && dims.cooperative)
    return fail(errc::invalid_config,
                "kernel '" + kernel.name +
                    "': a cooperative launch (cooperative = true, for "
                    "cooperative groups' grid.sync()) does not run on the "
                    "CPU device");
  if (ctx && ctx->info.is_cpu() &&
      kernel.cluster[0] * kernel.cluster[1] * kernel.cluster[2] > 1)
    return fail(errc::invalid_config,
                "kernel '" + kernel.name +
                    "': clusters of blocks ([[gpu::cluster_dims]]) do not "
                    "run on the CPU device");
  if (!ctx)
    return fail(errc::invalid_handle, "kernel '" + kernel.name +
                                          "': the context or stream is "
                                          "moved-from or empty");
  const device_info &device = ctx->info;
  if (auto ok = check_limits(dims, device.limits(), kernel.name); !ok)
    return std::unexpected(ok.error());
  if (!device.is_cpu())
    if (auto ok = check_arch(*kernel.module, device.compute_capability(),
                             device.name(), kernel.name);
        !ok)
      return std::unexpected(ok.error());
  if (auto entered = ctx->enter(); !entered)
    return std::unexpected(entered.error());
  auto function = get_function(*ctx, kernel, &key);
  if (!function)
    return std::unexpected(function.error());
  // Limits of the compiled function: registers and static shared memory.
  uint64_t threads = dims.block[0] * dims.block[1] * dims.block[2];
  if (threads > function->max_threads)
    return fail(errc::invalid_config,
                "kernel '" + kernel.name + "': a block of " +
                    std::to_string(threads) + " threads exceeds the " +
                    std::to_string(function->max_threads) +
                    " that its compiled code allows (registers or launch "
                    "bounds)");
  if (function->static_shared + dims.shared_bytes >
      device.limits().max_shared_per_block)
    return fail(errc::invalid_config,
                "kernel '" + kernel.name + "': its " +
                    std::to_string(function->static_shared) +
                    " bytes of shared_array plus shared_bytes = " +
                    std::to_string(dims.shared_bytes) +
                    " exceed the device's " +
                    std::to_string(device.limits().max_shared_per_block) +
                    " bytes per block");
  if (dims.cooperative)
    if (auto ok = check_cooperative(*ctx, *function, dims, kernel.name); !ok)
      return std::unexpected(ok.error());
  return kernel_handle{ctx, &kernel, function->function, dims};
}

} // namespace

result<void> allow_dynamic_shared(context_state &ctx, cu::CUfunction function,
                                  uint64_t bytes, const std::string &what,
                                  const stream_state *stream) {
  if (bytes <= cu::default_dynamic_shared_limit)
    return {};
  if (int rc = ctx.api->cuFuncSetAttribute(
          function, cu::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
          int(bytes));
      rc != cu::CUDA_SUCCESS)
    return std::unexpected(
        ctx.failure(rc, what + ": raising its shared memory limit", stream));
  return {};
}

result<kernel_handle> prepare_kernel(const kernel_key &kernel,
                                     const context &ctx,
                                     const launch_dims &dims,
                                     std::span<const param_desc> params,
                                     contract_use contract) {
  return prepare_in(kernel, runtime_access::state(ctx), dims, params, contract);
}

result<kernel_handle> prepare_kernel(const kernel_key &kernel, const stream &s,
                                     const launch_dims &dims,
                                     std::span<const param_desc> params,
                                     contract_use contract) {
  const auto &st = runtime_access::state(s);
  static const std::shared_ptr<context_state> none;
  return prepare_in(kernel, st ? st->ctx : none, dims, params, contract);
}

result<void> launch_kernel(stream &s, const kernel_handle &handle,
                           std::span<void *const> objects,
                           std::span<const buffer_arg> buffers) {
  if (!handle.kernel || !handle.ctx || !handle.function)
    return fail(errc::invalid_handle, "gpu::launch of an empty prepared");
  const kernel_record &kernel = *handle.kernel;
  const auto &st = runtime_access::state(s);
  if (!st || st->ctx != handle.ctx)
    return fail(errc::invalid_handle,
                "kernel '" + kernel.name +
                    "': prepared for another context than the stream's");
  if (objects.size() != kernel.params.size())
    return fail(errc::signature_mismatch,
                "kernel '" + kernel.name +
                    "': " + std::to_string(objects.size()) +
                    " arguments for a compiled signature of " +
                    std::to_string(kernel.params.size()));
  if (kernel.grid_sync && !handle.dims.cooperative)
    return fail(errc::invalid_config,
                "kernel '" + kernel.name +
                    "' calls grid.sync() (cooperative groups' this_grid()), "
                    "which needs every block on the GPU at once: launch it "
                    "with cooperative = true in its launch configuration "
                    "(gpu::cooperative(config)), which checks that they fit");
  if (auto ok = check_aliasing(buffers, &kernel, kernel.name); !ok)
    return ok;
  context_state &ctx = *handle.ctx;
  if (auto entered = ctx.enter(); !entered)
    return entered;
  auto function = static_cast<cu::CUfunction>(handle.function);
  const launch_dims &d = handle.dims;
  if (auto ok = allow_dynamic_shared(ctx, function, d.shared_bytes,
                                     "kernel '" + kernel.name + "'", st.get());
      !ok)
    return ok;

  // Each C++ parameter object splits into its PTX parameters (leaves).
  std::vector<void *> leaves;
  leaves.reserve(objects.size() * 2);
  for (size_t i = 0; i < objects.size(); ++i)
    for (const param_leaf &leaf : kernel.params[i].leaves)
      leaves.push_back(static_cast<char *>(objects[i]) + leaf.offset);

  static const bool trace = std::getenv("ALLOY_TRACE_LAUNCHES") != nullptr;
  if (trace)
    std::fprintf(stderr,
                 "alloy: launch %s grid %llu x %llu x %llu block %llu x %llu "
                 "x %llu shared %llu\n",
                 kernel.name.c_str(), (unsigned long long)d.grid[0],
                 (unsigned long long)d.grid[1], (unsigned long long)d.grid[2],
                 (unsigned long long)d.block[0], (unsigned long long)d.block[1],
                 (unsigned long long)d.block[2],
                 (unsigned long long)d.shared_bytes);
  const unsigned grid[3] = {unsigned(d.grid[0]), unsigned(d.grid[1]),
                            unsigned(d.grid[2])};
  const unsigned block[3] = {unsigned(d.block[0]), unsigned(d.block[1]),
                             unsigned(d.block[2])};
  int rc;
  if (cpu::is_cpu(ctx.api))
    rc = cpu::launch(function, d, st->handle, objects);
  else if (d.cooperative)
    rc = ctx.api->cuLaunchCooperativeKernel(
        function, grid[0], grid[1], grid[2], block[0], block[1], block[2],
        unsigned(d.shared_bytes), st->handle, leaves.data());
  else
    rc = ctx.api->cuLaunchKernel(function, grid[0], grid[1], grid[2], block[0],
                                 block[1], block[2], unsigned(d.shared_bytes),
                                 st->handle, leaves.data(), nullptr);
  if (rc != cu::CUDA_SUCCESS)
    return std::unexpected(
        ctx.failure(rc, "launching kernel '" + kernel.name + "'", st.get()));
  std::lock_guard lock(ctx.mutex);
  st->last_kernel = &kernel;
  ctx.last_kernel = &kernel;
  return {};
}

} // namespace gpu::detail
