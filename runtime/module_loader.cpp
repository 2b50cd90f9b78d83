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

// `kind` and `name` say what needs the module: "kernel", "ns::f".
result<cu::CUmodule> load_module(context_state &ctx, const module_record &m,
                                 const char *kind, const std::string &name) {
  const std::string user = std::string(kind) + " '" + name + "'";
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
    std::fprintf(stderr, "alloy: %s %s: loading %s\n", kind, name.c_str(),
                 code.c_str());
  std::string what = user + ": the driver could not load " + code;
  if (!image)
    return fail(errc::module_load, user +
                                       ": its module has no PTX and its "
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

// The module in `ctx` (locked), loaded on first use.
result<cu::CUmodule> module_in(context_state &ctx, const module_record &m,
                               const char *kind, const std::string &name) {
  if (auto it = ctx.modules.find(&m); it != ctx.modules.end())
    return it->second;
  auto module = load_module(ctx, m, kind, name);
  if (!module)
    return std::unexpected(module.error());
  ctx.modules.emplace(&m, *module);
  return *module;
}

// A failed cuModuleGetFunction or cuModuleGetGlobal of `symbol` (`noun`:
// "entry", "symbol") for `user`; only CUDA_ERROR_NOT_FOUND means that it is
// missing.
std::unexpected<gpu::error> lookup_failure(context_state &ctx, int rc,
                                           const std::string &user,
                                           const char *noun,
                                           const std::string &symbol,
                                           const char *call) {
  return fail(errc::module_load,
              driver_error(ctx.api, rc,
                           user + ": its " + noun + " '" + symbol +
                               (rc == 500 ? "' is not in its module"
                                          : "' could not be looked up (" +
                                                std::string(call) + ")"))
                  .message());
}

} // namespace

result<uint64_t> get_global(context_state &ctx, const global_record &g) {
  if (cpu::is_cpu(ctx.api)) // the host variable itself
    return uint64_t(reinterpret_cast<uintptr_t>(g.host_variable));
  std::lock_guard lock(ctx.mutex);
  if (auto it = ctx.globals.find(&g); it != ctx.globals.end())
    return it->second;
  std::string user = "device global '" + g.name + "'";
  auto module = module_in(ctx, *g.module, "device global", g.name);
  if (!module)
    return std::unexpected(module.error());
  cu::CUdeviceptr address = 0;
  size_t bytes = 0;
  int rc = ctx.api->cuModuleGetGlobal(&address, &bytes, *module,
                                      g.symbol.c_str());
  if (rc != cu::CUDA_SUCCESS)
    return lookup_failure(ctx, rc, user, "symbol", g.symbol,
                          "cuModuleGetGlobal");
  if (bytes < g.size)
    return fail(errc::invalid_module,
                user + ": its module holds " + std::to_string(bytes) +
                    " bytes of it, not " + std::to_string(g.size));
  ctx.globals.emplace(&g, uint64_t(address));
  return uint64_t(address);
}

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
  auto module = module_in(ctx, *kernel.module, "kernel", kernel.name);
  if (!module)
    return std::unexpected(module.error());
  loaded_function f;
  int rc = ctx.api->cuModuleGetFunction(&f.function, *module,
                                        kernel.symbol.c_str());
  if (rc != cu::CUDA_SUCCESS)
    return lookup_failure(ctx, rc, "kernel '" + kernel.name + "'", "entry",
                          kernel.symbol, "cuModuleGetFunction");
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
