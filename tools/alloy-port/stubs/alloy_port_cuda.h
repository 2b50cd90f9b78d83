// What `alloy port` parses a CUDA file against: Alloy's porting layer for
// device code, and declarations (no definitions) of the CUDA runtime API
// and of the CUDA samples' helper_cuda.h, so that host code that calls
// them parses and its calls can be found and rewritten. Never compiled
// into a program.
#ifndef ALLOY_PORT_CUDA_H
#define ALLOY_PORT_CUDA_H

#include <gpu/cooperative_groups.hpp>
#include <gpu/cuda_compat.hpp>
#include <gpu/gpu.hpp>

#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>

// A launch's configuration, as alloy port rewrites k<<<cfg>>>(args) for
// parsing: __alloy_port_launch(cfg), k(args).
template <class... T> void __alloy_port_launch(T &&...);

enum cudaError {
  cudaSuccess = 0,
  cudaErrorInvalidValue = 1,
  cudaErrorMemoryAllocation = 2,
  cudaErrorInitializationError = 3,
  cudaErrorInvalidConfiguration = 9,
  cudaErrorInvalidDevice = 101,
  cudaErrorNoDevice = 100,
  cudaErrorNotReady = 600,
  cudaErrorAssert = 710,
  cudaErrorLaunchFailure = 719,
  cudaErrorUnknown = 999,
};
typedef enum cudaError cudaError_t;
enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4,
};
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
struct cudaDeviceProp {
  char name[256];
  size_t totalGlobalMem, sharedMemPerBlock, totalConstMem, memPitch;
  int regsPerBlock, warpSize, maxThreadsPerBlock, maxThreadsDim[3],
      maxGridSize[3], clockRate, major, minor, multiProcessorCount,
      deviceOverlap, kernelExecTimeoutEnabled, integrated, canMapHostMemory,
      computeMode, concurrentKernels, ECCEnabled, pciBusID, pciDeviceID,
      asyncEngineCount, unifiedAddressing, memoryClockRate, memoryBusWidth,
      l2CacheSize, maxThreadsPerMultiProcessor, managedMemory,
      cooperativeLaunch, sharedMemPerBlockOptin;
  size_t sharedMemPerMultiprocessor;
};
enum cudaFuncCache {
  cudaFuncCachePreferNone,
  cudaFuncCachePreferShared,
  cudaFuncCachePreferL1,
  cudaFuncCachePreferEqual
};
enum cudaFuncAttribute {
  cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
  cudaFuncAttributePreferredSharedMemoryCarveout = 9
};
enum cudaSharedMemConfig {
  cudaSharedMemBankSizeDefault,
  cudaSharedMemBankSizeFourByte,
  cudaSharedMemBankSizeEightByte
};
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaHostAllocDefault 0x00
#define cudaHostAllocPortable 0x01
#define cudaHostAllocMapped 0x02
#define cudaDeviceScheduleAuto 0x00
#define cudaDeviceScheduleSpin 0x01
#define cudaDeviceScheduleYield 0x02
#define cudaDeviceScheduleBlockingSync 0x04
#define cudaDeviceBlockingSync 0x04
#define cudaDeviceMapHost 0x08
#define cudaHostRegisterDefault 0x00
#define cudaHostRegisterPortable 0x01
#define cudaHostRegisterMapped 0x02

cudaError_t cudaMalloc(void **p, size_t bytes);
template <class T> cudaError_t cudaMalloc(T **p, size_t bytes);
cudaError_t cudaMallocHost(void **p, size_t bytes);
template <class T> cudaError_t cudaMallocHost(T **p, size_t bytes);
cudaError_t cudaHostAlloc(void **p, size_t bytes, unsigned flags);
cudaError_t cudaMallocManaged(void **p, size_t bytes, unsigned flags = 1);
template <class T>
cudaError_t cudaMallocManaged(T **p, size_t bytes, unsigned flags = 1);
cudaError_t cudaMallocPitch(void **p, size_t *pitch, size_t w, size_t h);
cudaError_t cudaFree(void *p);
cudaError_t cudaFreeHost(void *p);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t bytes,
                       cudaMemcpyKind kind);
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t bytes,
                            cudaMemcpyKind kind, cudaStream_t s = 0);
cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src,
                         size_t spitch, size_t w, size_t h,
                         cudaMemcpyKind kind);
cudaError_t cudaMemset(void *p, int value, size_t bytes);
cudaError_t cudaMemsetAsync(void *p, int value, size_t bytes,
                            cudaStream_t s = 0);
template <class T>
cudaError_t cudaMemcpyToSymbol(const T &symbol, const void *src, size_t bytes,
                               size_t offset = 0,
                               cudaMemcpyKind kind = cudaMemcpyHostToDevice);
template <class T>
cudaError_t cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t bytes,
                                 size_t offset = 0,
                                 cudaMemcpyKind kind = cudaMemcpyDeviceToHost);
template <class T>
cudaError_t cudaMemcpyToSymbolAsync(
    const T &symbol, const void *src, size_t bytes, size_t offset = 0,
    cudaMemcpyKind kind = cudaMemcpyHostToDevice, cudaStream_t s = 0);
template <class T>
cudaError_t cudaMemcpyFromSymbolAsync(
    void *dst, const T &symbol, size_t bytes, size_t offset = 0,
    cudaMemcpyKind kind = cudaMemcpyDeviceToHost, cudaStream_t s = 0);
template <class T> cudaError_t cudaGetSymbolAddress(void **p, const T &symbol);
cudaError_t cudaDeviceSynchronize();
cudaError_t cudaThreadSynchronize();
cudaError_t cudaDeviceReset();
cudaError_t cudaSetDevice(int device);
cudaError_t cudaGetDevice(int *device);
cudaError_t cudaGetDeviceCount(int *count);
cudaError_t cudaGetDeviceProperties(cudaDeviceProp *prop, int device);
enum cudaDeviceAttr {
  cudaDevAttrMaxThreadsPerBlock = 1,
  cudaDevAttrMaxBlockDimX = 2,
  cudaDevAttrMaxBlockDimY = 3,
  cudaDevAttrMaxBlockDimZ = 4,
  cudaDevAttrMaxGridDimX = 5,
  cudaDevAttrMaxGridDimY = 6,
  cudaDevAttrMaxGridDimZ = 7,
  cudaDevAttrMaxSharedMemoryPerBlock = 8,
  cudaDevAttrTotalConstantMemory = 9,
  cudaDevAttrWarpSize = 10,
  cudaDevAttrMaxRegistersPerBlock = 12,
  cudaDevAttrClockRate = 13,
  cudaDevAttrMultiProcessorCount = 16,
  cudaDevAttrIntegrated = 18,
  cudaDevAttrCanMapHostMemory = 19,
  cudaDevAttrComputeMode = 20,
  cudaDevAttrConcurrentKernels = 31,
  cudaDevAttrEccEnabled = 32,
  cudaDevAttrPciBusId = 33,
  cudaDevAttrPciDeviceId = 34,
  cudaDevAttrMemoryClockRate = 36,
  cudaDevAttrGlobalMemoryBusWidth = 37,
  cudaDevAttrL2CacheSize = 38,
  cudaDevAttrMaxThreadsPerMultiProcessor = 39,
  cudaDevAttrAsyncEngineCount = 40,
  cudaDevAttrUnifiedAddressing = 41,
  cudaDevAttrComputeCapabilityMajor = 75,
  cudaDevAttrComputeCapabilityMinor = 76,
  cudaDevAttrMaxSharedMemoryPerMultiprocessor = 81,
  cudaDevAttrMaxRegistersPerMultiprocessor = 82,
  cudaDevAttrManagedMemory = 83,
  cudaDevAttrCooperativeLaunch = 95,
  cudaDevAttrMaxSharedMemoryPerBlockOptin = 97,
  cudaDevAttrMaxBlocksPerMultiprocessor = 106,
};
cudaError_t cudaDeviceGetAttribute(int *value, cudaDeviceAttr attr,
                                   int device);
cudaError_t cudaSetDeviceFlags(unsigned flags);
cudaError_t cudaGetLastError();
cudaError_t cudaPeekAtLastError();
const char *cudaGetErrorString(cudaError_t error);
const char *cudaGetErrorName(cudaError_t error);
cudaError_t cudaStreamCreate(cudaStream_t *s);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *s, unsigned flags);
cudaError_t cudaStreamDestroy(cudaStream_t s);
cudaError_t cudaStreamSynchronize(cudaStream_t s);
cudaError_t cudaStreamQuery(cudaStream_t s);
cudaError_t cudaStreamWaitEvent(cudaStream_t s, cudaEvent_t e,
                                unsigned flags = 0);
cudaError_t cudaEventCreate(cudaEvent_t *e);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *e, unsigned flags);
cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t s = 0);
cudaError_t cudaEventSynchronize(cudaEvent_t e);
cudaError_t cudaEventQuery(cudaEvent_t e);
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start,
                                 cudaEvent_t end);
cudaError_t cudaEventDestroy(cudaEvent_t e);
template <class F>
cudaError_t cudaFuncSetCacheConfig(F *f, cudaFuncCache c);
template <class F>
cudaError_t cudaFuncSetAttribute(F *f, cudaFuncAttribute attr, int value);
cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache c);
cudaError_t cudaDeviceSetSharedMemConfig(cudaSharedMemConfig c);
cudaError_t cudaMemGetInfo(size_t *free_bytes, size_t *total_bytes);
cudaError_t cudaHostGetDevicePointer(void **d, void *h, unsigned flags);
// Launches with the arguments in an array of pointers to them.
template <class F>
cudaError_t cudaLaunchKernel(F *kernel, dim3 grid, dim3 block, void **args,
                             size_t shared_bytes = 0, cudaStream_t s = 0);
cudaError_t cudaLaunchKernel(const void *kernel, dim3 grid, dim3 block,
                             void **args, size_t shared_bytes = 0,
                             cudaStream_t s = 0);
template <class F>
cudaError_t cudaLaunchCooperativeKernel(F *kernel, dim3 grid, dim3 block,
                                        void **args, size_t shared_bytes = 0,
                                        cudaStream_t s = 0);
cudaError_t cudaLaunchCooperativeKernel(const void *kernel, dim3 grid,
                                        dim3 block, void **args,
                                        size_t shared_bytes = 0,
                                        cudaStream_t s = 0);
template <class F>
cudaError_t cudaOccupancyMaxPotentialBlockSize(int *min_grid, int *block,
                                               F kernel,
                                               size_t shared_bytes = 0,
                                               int block_limit = 0);
template <class F>
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(
    int *blocks, F *kernel, int block_threads, size_t shared_bytes);
cudaError_t cudaHostRegister(void *p, size_t bytes, unsigned flags);
cudaError_t cudaHostUnregister(void *p);
cudaError_t cudaProfilerStart();
cudaError_t cudaProfilerStop();
cudaError_t cudaDriverGetVersion(int *v);
cudaError_t cudaRuntimeGetVersion(int *v);

// The CUDA samples' helper_cuda.h.
template <class T> T __alloy_port_check(T result);
#define checkCudaErrors(val) __alloy_port_check((val))
void __alloy_port_last_error(const char *message);
#define getLastCudaError(msg) __alloy_port_last_error(msg)
int findCudaDevice(int argc, const char **argv);
int gpuGetMaxGflopsDeviceId();
int _ConvertSMVer2Cores(int major, int minor);
const char *_ConvertSMVer2ArchName(int major, int minor);
#if __has_include(<helper_string.h>)
#include <helper_string.h>
#endif

#endif // ALLOY_PORT_CUDA_H
