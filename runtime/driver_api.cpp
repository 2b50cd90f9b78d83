#include "driver_api.hpp"

#include "errors.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <mutex>
#include <optional>
#include <string>

namespace gpu::detail::cu {
namespace {

constexpr const char *default_driver_path = "libcuda.so.1";

struct driver_state {
  std::mutex mutex;
  bool attempted = false;
  void *library = nullptr;
  driver_api api{};
  std::optional<gpu::error> failure;
};

// Function-local: usable from global constructors of any translation unit.
driver_state &state() {
  static driver_state s;
  return s;
}

std::string advice() {
  return "; Alloy programs need an NVIDIA GPU and its driver";
}

template <class F>
bool bind(void *library, F &slot, const char *symbol, std::string &missing) {
  slot = reinterpret_cast<F>(dlsym(library, symbol));
  if (!slot && missing.empty())
    missing = symbol;
  return slot != nullptr;
}

std::optional<gpu::error> load(driver_state &s) {
  const char *env = std::getenv("ALLOY_CUDA_DRIVER");
  std::string path = env && *env ? env : default_driver_path;
  s.library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!s.library) {
    const char *why = dlerror();
    return make_error(errc::no_driver,
                      "no CUDA driver: could not load " + path + " (" +
                          (why ? why : "unknown reason") + ")" + advice());
  }
  std::string missing;
  driver_api &a = s.api;
  bind(s.library, a.cuInit, "cuInit", missing);
  bind(s.library, a.cuDriverGetVersion, "cuDriverGetVersion", missing);
  bind(s.library, a.cuGetErrorName, "cuGetErrorName", missing);
  bind(s.library, a.cuGetErrorString, "cuGetErrorString", missing);
  bind(s.library, a.cuDeviceGetCount, "cuDeviceGetCount", missing);
  bind(s.library, a.cuDeviceGet, "cuDeviceGet", missing);
  bind(s.library, a.cuDeviceGetName, "cuDeviceGetName", missing);
  bind(s.library, a.cuDeviceGetAttribute, "cuDeviceGetAttribute", missing);
  bind(s.library, a.cuDeviceTotalMem, "cuDeviceTotalMem_v2", missing);
  bind(s.library, a.cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain",
       missing);
  bind(s.library, a.cuDevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2",
       missing);
  bind(s.library, a.cuCtxGetCurrent, "cuCtxGetCurrent", missing);
  bind(s.library, a.cuCtxSetCurrent, "cuCtxSetCurrent", missing);
  bind(s.library, a.cuCtxSynchronize, "cuCtxSynchronize", missing);
  bind(s.library, a.cuCtxSetLimit, "cuCtxSetLimit", missing);
  bind(s.library, a.cuCtxGetLimit, "cuCtxGetLimit", missing);
  bind(s.library, a.cuStreamCreate, "cuStreamCreate", missing);
  bind(s.library, a.cuStreamDestroy, "cuStreamDestroy_v2", missing);
  bind(s.library, a.cuStreamSynchronize, "cuStreamSynchronize", missing);
  bind(s.library, a.cuStreamGetCtx, "cuStreamGetCtx", missing);
  bind(s.library, a.cuStreamQuery, "cuStreamQuery", missing);
  bind(s.library, a.cuStreamBeginCapture, "cuStreamBeginCapture_v2", missing);
  bind(s.library, a.cuStreamEndCapture, "cuStreamEndCapture", missing);
  bind(s.library, a.cuGraphInstantiateWithFlags, "cuGraphInstantiateWithFlags",
       missing);
  bind(s.library, a.cuGraphLaunch, "cuGraphLaunch", missing);
  bind(s.library, a.cuGraphGetNodes, "cuGraphGetNodes", missing);
  bind(s.library, a.cuGraphExecDestroy, "cuGraphExecDestroy", missing);
  bind(s.library, a.cuGraphDestroy, "cuGraphDestroy", missing);
  bind(s.library, a.cuPointerGetAttribute, "cuPointerGetAttribute", missing);
  bind(s.library, a.cuEventCreate, "cuEventCreate", missing);
  bind(s.library, a.cuEventDestroy, "cuEventDestroy_v2", missing);
  bind(s.library, a.cuEventRecord, "cuEventRecord", missing);
  bind(s.library, a.cuEventSynchronize, "cuEventSynchronize", missing);
  bind(s.library, a.cuEventElapsedTime, "cuEventElapsedTime", missing);
  bind(s.library, a.cuEventQuery, "cuEventQuery", missing);
  bind(s.library, a.cuStreamWaitEvent, "cuStreamWaitEvent", missing);
  bind(s.library, a.cuMemAlloc, "cuMemAlloc_v2", missing);
  bind(s.library, a.cuMemFree, "cuMemFree_v2", missing);
  bind(s.library, a.cuMemcpyHtoDAsync, "cuMemcpyHtoDAsync_v2", missing);
  bind(s.library, a.cuMemcpyDtoHAsync, "cuMemcpyDtoHAsync_v2", missing);
  bind(s.library, a.cuMemsetD8Async, "cuMemsetD8Async", missing);
  bind(s.library, a.cuMemsetD16Async, "cuMemsetD16Async", missing);
  bind(s.library, a.cuMemsetD32Async, "cuMemsetD32Async", missing);
  bind(s.library, a.cuMemcpyDtoDAsync, "cuMemcpyDtoDAsync_v2", missing);
  bind(s.library, a.cuMemAllocHost, "cuMemAllocHost_v2", missing);
  bind(s.library, a.cuMemFreeHost, "cuMemFreeHost", missing);
  bind(s.library, a.cuModuleLoadDataEx, "cuModuleLoadDataEx", missing);
  bind(s.library, a.cuModuleUnload, "cuModuleUnload", missing);
  bind(s.library, a.cuModuleGetFunction, "cuModuleGetFunction", missing);
  bind(s.library, a.cuFuncSetAttribute, "cuFuncSetAttribute", missing);
  bind(s.library, a.cuFuncGetAttribute, "cuFuncGetAttribute", missing);
  bind(s.library, a.cuOccupancyMaxActiveBlocksPerMultiprocessor,
       "cuOccupancyMaxActiveBlocksPerMultiprocessor", missing);
  bind(s.library, a.cuLaunchKernel, "cuLaunchKernel", missing);
  if (!missing.empty())
    return make_error(errc::no_driver, "the CUDA driver " + path +
                                           " lacks the function " + missing +
                                           " (a driver too old for Alloy?)");
  if (CUresult rc = a.cuInit(0); rc != CUDA_SUCCESS) {
    // The library is usable for error names; keep the failure anyway.
    gpu::error e = driver_error(&a, rc,
                                "the CUDA driver could not initialise "
                                "(cuInit)");
    return gpu::error(e.code(), e.name(), e.message() + advice());
  }
  return std::nullopt;
}

} // namespace

result<const driver_api *> driver() {
  driver_state &s = state();
  std::lock_guard lock(s.mutex);
  if (!s.attempted) {
    s.attempted = true;
    s.failure = load(s);
  }
  if (s.failure)
    return std::unexpected(*s.failure);
  return &s.api;
}

void reset_driver_for_testing() {
  driver_state &s = state();
  std::lock_guard lock(s.mutex);
  if (s.library)
    dlclose(s.library);
  s.library = nullptr;
  s.api = {};
  s.attempted = false;
  s.failure.reset();
}

} // namespace gpu::detail::cu
