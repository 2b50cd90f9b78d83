// The CUDA driver API, loaded at run time with dlopen so that Alloy builds
// without the CUDA toolkit and runs (reporting errors) without a GPU.
// Types and constants are copied from cuda.h (CUDA 12/13); the numbers are
// part of the driver's stable ABI.
#ifndef ALLOY_RUNTIME_DRIVER_API_HPP
#define ALLOY_RUNTIME_DRIVER_API_HPP

#include <gpu/runtime.hpp>

#include <cstddef>

// cuda.h's opaque handle types, at global scope as there.
struct CUctx_st;
struct CUmod_st;
struct CUfunc_st;
struct CUstream_st;
struct CUevent_st;
struct CUgraph_st;
struct CUgraphExec_st;
struct CUgraphNode_st;

namespace gpu::detail::cu {

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = ::CUctx_st *;
using CUmodule = ::CUmod_st *;
using CUfunction = ::CUfunc_st *;
using CUstream = ::CUstream_st *;
using CUevent = ::CUevent_st *;
using CUgraph = ::CUgraph_st *;
using CUgraphExec = ::CUgraphExec_st *;
using CUgraphNode = ::CUgraphNode_st *;
using CUjit_option = int;

inline constexpr CUresult CUDA_SUCCESS = 0;
inline constexpr CUresult CUDA_ERROR_INVALID_VALUE = 1;
inline constexpr CUresult CUDA_ERROR_NOT_READY = 600;
inline constexpr CUresult CUDA_ERROR_NO_DEVICE = 100;
inline constexpr CUresult CUDA_ERROR_INVALID_DEVICE = 101;

// CUdevice_attribute
inline constexpr int CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1;
inline constexpr int CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X = 2; // Y = 3, Z = 4
inline constexpr int CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X = 5;  // Y = 6, Z = 7
inline constexpr int CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK = 8;
inline constexpr int CU_DEVICE_ATTRIBUTE_WARP_SIZE = 10;
inline constexpr int CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK = 12;
inline constexpr int CU_DEVICE_ATTRIBUTE_CLOCK_RATE = 13;
inline constexpr int CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16;
inline constexpr int CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE = 36;
inline constexpr int CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH = 37;
inline constexpr int CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE = 38;
inline constexpr int CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR = 39;
inline constexpr int CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR =
    81;
inline constexpr int CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR = 82;
inline constexpr int CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR = 106;
inline constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75;
inline constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76;
inline constexpr int CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97;
inline constexpr int CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY = 9;
inline constexpr int CU_DEVICE_ATTRIBUTE_INTEGRATED = 18;
inline constexpr int CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY = 19;
inline constexpr int CU_DEVICE_ATTRIBUTE_CONCURRENT_KERNELS = 31;
inline constexpr int CU_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT = 40;
inline constexpr int CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH = 95;

// CUpointer_attribute
inline constexpr int CU_POINTER_ATTRIBUTE_CONTEXT = 1;
inline constexpr int CU_POINTER_ATTRIBUTE_MEMORY_TYPE = 2;
inline constexpr int CU_POINTER_ATTRIBUTE_RANGE_START_ADDR = 11;
inline constexpr int CU_POINTER_ATTRIBUTE_RANGE_SIZE = 12;
// CUmemorytype
inline constexpr unsigned CU_MEMORYTYPE_HOST = 1;
inline constexpr unsigned CU_MEMORYTYPE_DEVICE = 2;

// CUfunction_attribute
inline constexpr int CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0;
inline constexpr int CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES = 1;
inline constexpr int CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8;

// CUjit_option
inline constexpr CUjit_option CU_JIT_ERROR_LOG_BUFFER = 5;
inline constexpr CUjit_option CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6;

// CUstream_flags
inline constexpr unsigned CU_STREAM_DEFAULT = 0;

// CUstreamCaptureMode: unsafe calls (cuMemAlloc, ...) of the capturing
// thread fail instead of silently escaping the graph.
inline constexpr int CU_STREAM_CAPTURE_MODE_THREAD_LOCAL = 1;

// CUevent_flags
inline constexpr unsigned CU_EVENT_DEFAULT = 0;

// Dynamic shared memory above this needs the function attribute raised.
inline constexpr uint64_t default_dynamic_shared_limit = 48 * 1024;

struct driver_api {
  CUresult (*cuInit)(unsigned);
  CUresult (*cuDriverGetVersion)(int *);
  CUresult (*cuGetErrorName)(CUresult, const char **);
  CUresult (*cuGetErrorString)(CUresult, const char **);
  CUresult (*cuDeviceGetCount)(int *);
  CUresult (*cuDeviceGet)(CUdevice *, int);
  CUresult (*cuDeviceGetName)(char *, int, CUdevice);
  CUresult (*cuDeviceGetAttribute)(int *, int, CUdevice);
  CUresult (*cuDeviceTotalMem)(size_t *, CUdevice);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*cuDevicePrimaryCtxRelease)(CUdevice);
  CUresult (*cuCtxGetCurrent)(CUcontext *);
  CUresult (*cuCtxSetCurrent)(CUcontext);
  CUresult (*cuCtxSynchronize)();
  CUresult (*cuCtxSetLimit)(int, size_t);
  CUresult (*cuCtxGetLimit)(size_t *, int);
  CUresult (*cuStreamCreate)(CUstream *, unsigned);
  CUresult (*cuStreamDestroy)(CUstream);
  CUresult (*cuStreamSynchronize)(CUstream);
  CUresult (*cuStreamGetCtx)(CUstream, CUcontext *);
  CUresult (*cuStreamQuery)(CUstream);
  CUresult (*cuStreamBeginCapture)(CUstream, int);
  CUresult (*cuStreamEndCapture)(CUstream, CUgraph *);
  CUresult (*cuGraphInstantiateWithFlags)(CUgraphExec *, CUgraph,
                                          unsigned long long);
  CUresult (*cuGraphLaunch)(CUgraphExec, CUstream);
  CUresult (*cuGraphGetNodes)(CUgraph, CUgraphNode *, size_t *);
  CUresult (*cuGraphExecDestroy)(CUgraphExec);
  CUresult (*cuGraphDestroy)(CUgraph);
  CUresult (*cuPointerGetAttribute)(void *, int, CUdeviceptr);
  CUresult (*cuEventCreate)(CUevent *, unsigned);
  CUresult (*cuEventDestroy)(CUevent);
  CUresult (*cuEventRecord)(CUevent, CUstream);
  CUresult (*cuEventSynchronize)(CUevent);
  CUresult (*cuEventElapsedTime)(float *, CUevent, CUevent);
  CUresult (*cuEventQuery)(CUevent);
  CUresult (*cuStreamWaitEvent)(CUstream, CUevent, unsigned);
  CUresult (*cuMemAlloc)(CUdeviceptr *, size_t);
  CUresult (*cuMemFree)(CUdeviceptr);
  CUresult (*cuMemcpyHtoDAsync)(CUdeviceptr, const void *, size_t, CUstream);
  CUresult (*cuMemcpyDtoHAsync)(void *, CUdeviceptr, size_t, CUstream);
  CUresult (*cuMemsetD8Async)(CUdeviceptr, unsigned char, size_t, CUstream);
  CUresult (*cuMemsetD16Async)(CUdeviceptr, unsigned short, size_t, CUstream);
  CUresult (*cuMemsetD32Async)(CUdeviceptr, unsigned, size_t, CUstream);
  CUresult (*cuMemcpyDtoDAsync)(CUdeviceptr, CUdeviceptr, size_t, CUstream);
  CUresult (*cuMemAllocHost)(void **, size_t);
  CUresult (*cuMemFreeHost)(void *);
  CUresult (*cuMemGetInfo)(size_t *, size_t *);
  CUresult (*cuModuleLoadDataEx)(CUmodule *, const void *, unsigned,
                                 CUjit_option *, void **);
  CUresult (*cuModuleUnload)(CUmodule);
  CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*cuModuleGetGlobal)(CUdeviceptr *, size_t *, CUmodule,
                                const char *);
  CUresult (*cuFuncSetAttribute)(CUfunction, int, int);
  CUresult (*cuFuncGetAttribute)(int *, int, CUfunction);
  CUresult (*cuOccupancyMaxActiveBlocksPerMultiprocessor)(int *, CUfunction,
                                                         int, size_t);
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned,
                             unsigned, unsigned, unsigned, CUstream, void **,
                             void **);
  CUresult (*cuLaunchCooperativeKernel)(CUfunction, unsigned, unsigned,
                                        unsigned, unsigned, unsigned, unsigned,
                                        unsigned, CUstream, void **);
  // Optional (CUDA 12.0): null in an older driver, which gpu::tensor_map
  // reports. Arguments: the 128-byte CUtensorMap, CUtensorMapDataType,
  // rank, address, globalDim, globalStrides, boxDim, elementStrides,
  // interleave, swizzle, l2Promotion, oobFill.
  CUresult (*cuTensorMapEncodeTiled)(void *, int, unsigned, void *,
                                     const unsigned long long *,
                                     const unsigned long long *,
                                     const unsigned *, const unsigned *, int,
                                     int, int, int);
};

// The driver, loaded and initialised (cuInit) on first use. The path is
// libcuda.so.1 unless the environment variable ALLOY_CUDA_DRIVER names
// another. A failure is remembered and returned by every later call.
result<const driver_api *> driver();

// Forgets the driver (and any failure), so that tests can load it again
// with another ALLOY_CUDA_DRIVER. Only safe with no live context.
void reset_driver_for_testing();

} // namespace gpu::detail::cu

#endif // ALLOY_RUNTIME_DRIVER_API_HPP
