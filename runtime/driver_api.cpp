#include "driver_api.hpp"

#include "errors.hpp"
#include "lazy_library.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <optional>
#include <string>

namespace gpu::detail::cu {
namespace {

constexpr const char *default_driver_path = "libcuda.so.1";

std::string advice() {
  return "; Alloy programs need an NVIDIA GPU and its driver";
}

std::optional<gpu::error> load(void *&library, driver_api &a) {
  const char *env = std::getenv("ALLOY_CUDA_DRIVER");
  std::string path = env && *env ? env : default_driver_path;
  library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char *why = dlerror();
    return make_error(errc::no_driver,
                      "no CUDA driver: could not load " + path + " (" +
                          (why ? why : "unknown reason") + ")" + advice());
  }
  std::string missing;
  auto bind = [&](auto &slot, const char *symbol) {
    bind_symbol(library, slot, symbol, missing);
  };
  bind(a.cuInit, "cuInit");
  bind(a.cuDriverGetVersion, "cuDriverGetVersion");
  bind(a.cuGetErrorName, "cuGetErrorName");
  bind(a.cuGetErrorString, "cuGetErrorString");
  bind(a.cuDeviceGetCount, "cuDeviceGetCount");
  bind(a.cuDeviceGet, "cuDeviceGet");
  bind(a.cuDeviceGetName, "cuDeviceGetName");
  bind(a.cuDeviceGetAttribute, "cuDeviceGetAttribute");
  bind(a.cuDeviceTotalMem, "cuDeviceTotalMem_v2");
  bind(a.cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain");
  bind(a.cuDevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2");
  bind(a.cuCtxGetCurrent, "cuCtxGetCurrent");
  bind(a.cuCtxSetCurrent, "cuCtxSetCurrent");
  bind(a.cuCtxSynchronize, "cuCtxSynchronize");
  bind(a.cuCtxSetLimit, "cuCtxSetLimit");
  bind(a.cuCtxGetLimit, "cuCtxGetLimit");
  bind(a.cuStreamCreate, "cuStreamCreate");
  bind(a.cuStreamDestroy, "cuStreamDestroy_v2");
  bind(a.cuStreamSynchronize, "cuStreamSynchronize");
  bind(a.cuStreamGetCtx, "cuStreamGetCtx");
  bind(a.cuStreamQuery, "cuStreamQuery");
  bind(a.cuStreamBeginCapture, "cuStreamBeginCapture_v2");
  bind(a.cuStreamEndCapture, "cuStreamEndCapture");
  bind(a.cuGraphInstantiateWithFlags, "cuGraphInstantiateWithFlags");
  bind(a.cuGraphLaunch, "cuGraphLaunch");
  bind(a.cuGraphGetNodes, "cuGraphGetNodes");
  bind(a.cuGraphExecDestroy, "cuGraphExecDestroy");
  bind(a.cuGraphDestroy, "cuGraphDestroy");
  bind(a.cuPointerGetAttribute, "cuPointerGetAttribute");
  bind(a.cuEventCreate, "cuEventCreate");
  bind(a.cuEventDestroy, "cuEventDestroy_v2");
  bind(a.cuEventRecord, "cuEventRecord");
  bind(a.cuEventSynchronize, "cuEventSynchronize");
  bind(a.cuEventElapsedTime, "cuEventElapsedTime");
  bind(a.cuEventQuery, "cuEventQuery");
  bind(a.cuStreamWaitEvent, "cuStreamWaitEvent");
  bind(a.cuMemAlloc, "cuMemAlloc_v2");
  bind(a.cuMemFree, "cuMemFree_v2");
  bind(a.cuMemcpyHtoDAsync, "cuMemcpyHtoDAsync_v2");
  bind(a.cuMemcpyDtoHAsync, "cuMemcpyDtoHAsync_v2");
  bind(a.cuMemsetD8Async, "cuMemsetD8Async");
  bind(a.cuMemsetD16Async, "cuMemsetD16Async");
  bind(a.cuMemsetD32Async, "cuMemsetD32Async");
  bind(a.cuMemcpyDtoDAsync, "cuMemcpyDtoDAsync_v2");
  bind(a.cuMemAllocHost, "cuMemAllocHost_v2");
  bind(a.cuMemFreeHost, "cuMemFreeHost");
  bind(a.cuMemGetInfo, "cuMemGetInfo_v2");
  bind(a.cuModuleLoadDataEx, "cuModuleLoadDataEx");
  bind(a.cuModuleUnload, "cuModuleUnload");
  bind(a.cuModuleGetFunction, "cuModuleGetFunction");
  bind(a.cuModuleGetGlobal, "cuModuleGetGlobal_v2");
  bind(a.cuFuncSetAttribute, "cuFuncSetAttribute");
  bind(a.cuFuncGetAttribute, "cuFuncGetAttribute");
  bind(a.cuOccupancyMaxActiveBlocksPerMultiprocessor,
       "cuOccupancyMaxActiveBlocksPerMultiprocessor");
  bind(a.cuLaunchKernel, "cuLaunchKernel");
  bind(a.cuLaunchCooperativeKernel, "cuLaunchCooperativeKernel");
  // Not required: only gpu::tensor_map needs it (CUDA 12.0 and newer).
  std::string optional;
  bind_symbol(library, a.cuTensorMapEncodeTiled, "cuTensorMapEncodeTiled",
              optional);
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

// Function-local: usable from global constructors of any translation unit.
lazy_library<driver_api> &state() {
  static lazy_library<driver_api> library(load);
  return library;
}

} // namespace

result<const driver_api *> driver() { return state().get(); }

void reset_driver_for_testing() { state().reset_for_testing(); }

} // namespace gpu::detail::cu
