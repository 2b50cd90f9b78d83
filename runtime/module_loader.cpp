// Loading a module image into a context: lazily, once per context, the
// cubin when it matches the device, else the PTX through the driver's JIT.
#include "checks.hpp"
#include "context_state.hpp"
#include "errors.hpp"
#include "cpu/cpu_driver.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace gpu::detail {
namespace {

result<cu::CUmodule> load_module(context_state &ctx, const module_record &m,
                                 const kernel_record &kernel) {
  const alloy_cubin *cubin =
      choose_cubin(m, ctx.info.compute_capability());
  const void *image = cubin ? static_cast<const void *>(cubin->data)
                            : static_cast<const void *>(m.image->ptx);
  std::string code =
      cubin ? "its cubin for sm_" + std::to_string(cubin->sm) +
                  (cubin->arch_specific ? "a" : "")
            : "its PTX for " + m.arch + " (JIT-compiled by the driver)";
  static const bool trace = std::getenv("ALLOY_TRACE_LAUNCHES") != nullptr;
  if (trace)
    std::fprintf(stderr, "alloy: kernel %s: loading %s\n", kernel.name.c_str(),
                 code.c_str());
  std::string what =
      "kernel '" + kernel.name + "': the driver could not load " + code;
  if (!image)
    return fail(errc::module_load, "kernel '" + kernel.name +
                                       "': its module has no PTX and its "
                                       "cubin (" +
                                       m.arch + ") does not fit the device");
  char log[16384] = {};
  cu::CUjit_option options[] = {cu::CU_JIT_ERROR_LOG_BUFFER,
                                cu::CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *values[] = {log, reinterpret_cast<void *>(uintptr_t(sizeof(log) - 1))};
  cu::CUmodule module = nullptr;
  if (int rc = ctx.api->cuModuleLoadDataEx(&module, image, 2, options, values);
      rc != cu::CUDA_SUCCESS) {
    gpu::error e = driver_error(ctx.api, rc, what);
    std::string message = e.message();
    if (log[0])
      message += "\n" + std::string(log);
    return fail(errc::module_load, std::move(message));
  }
  return module;
}

} // namespace

result<loaded_function> get_function(context_state &ctx,
                                     const kernel_record &kernel,
                                     const kernel_key *key) {
  if (cpu::is_cpu(ctx.api)) // no module: the host function itself
    return loaded_function{cpu::function_for(kernel, *key),
                           kernel.max_threads ? kernel.max_threads : 1024u,
                           0};
  std::lock_guard lock(ctx.mutex);
  if (auto it = ctx.functions.find(&kernel); it != ctx.functions.end())
    return it->second;
  auto module_it = ctx.modules.find(kernel.module);
  if (module_it == ctx.modules.end()) {
    auto module = load_module(ctx, *kernel.module, kernel);
    if (!module)
      return std::unexpected(module.error());
    module_it = ctx.modules.emplace(kernel.module, *module).first;
  }
  loaded_function f;
  int rc = ctx.api->cuModuleGetFunction(&f.function, module_it->second,
                                        kernel.symbol.c_str());
  // Only CUDA_ERROR_NOT_FOUND means that the entry is missing.
  if (rc != cu::CUDA_SUCCESS)
    return fail(errc::module_load,
                driver_error(ctx.api, rc,
                             "kernel '" + kernel.name + "': its entry '" +
                                 kernel.symbol +
                                 (rc == 500 ? "' is not in its module"
                                            : "' could not be looked up "
                                              "(cuModuleGetFunction)"))
                    .message());
  int max_threads = 0, static_shared = 0;
  rc = ctx.api->cuFuncGetAttribute(
      &max_threads, cu::CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, f.function);
  if (rc == cu::CUDA_SUCCESS)
    rc = ctx.api->cuFuncGetAttribute(
        &static_shared, cu::CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, f.function);
  if (rc != cu::CUDA_SUCCESS)
    return std::unexpected(driver_error(
        ctx.api, rc, "kernel '" + kernel.name + "': reading its attributes"));
  f.max_threads = uint32_t(max_threads);
  f.static_shared = uint64_t(static_shared);
  ctx.functions.emplace(&kernel, f);
  return f;
}

} // namespace gpu::detail
