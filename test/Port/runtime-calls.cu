// alloy port rewrites the CUDA runtime's calls into gpu:: calls (memory,
// copies, streams, events, devices, symbols), cudaError_t into
// gpu::result<void> with its tests, helper_cuda's checkCudaErrors into
// .value(), and checks a result that the code ignores with .value(). What
// has no Alloy form is reported with its line and left as it was.
// RUN: alloy-port %s -o %t.cpp 2> %t.report
// RUN: FileCheck %s < %t.cpp
// RUN: FileCheck %s --check-prefix=REPORT < %t.report
// CHECK-NOT: {{^}}#include <cuda_runtime.h>
// CHECK: #include <gpu/gpu.hpp>
// CHECK-NEXT: #include <gpu/cuda_compat.hpp>
#include <cstdio>
#include <cuda_runtime.h>
#include <helper_cuda.h>

__constant__ float taps[4];

int main(int argc, char **argv) {
  // CHECK: gpu::default_context();
  findCudaDevice(argc, (const char **)argv);
  // CHECK: gpu::result<void> err;
  cudaError_t err = cudaSuccess;
  float *d_a = NULL, *h_a = NULL;
  size_t bytes = 1024;
  // CHECK: err = gpu::malloc_device(&d_a, bytes);
  err = cudaMalloc((void **)&d_a, bytes);
  // CHECK: if (!err) {
  // CHECK-NEXT: printf("%s\n", (err ? "no error" : err.error().message().c_str()));
  if (err != cudaSuccess) {
    printf("%s\n", cudaGetErrorString(err));
  }
  // CHECK: if (err.has_value())
  if (err == cudaSuccess)
    printf("ok\n");
  // CHECK: gpu::malloc_host(&h_a, bytes).value();
  checkCudaErrors(cudaMallocHost((void **)&h_a, bytes));
  // CHECK: gpu::memcpy(d_a, h_a, bytes).value();
  checkCudaErrors(cudaMemcpy(d_a, h_a, bytes, cudaMemcpyHostToDevice));
  // CHECK: gpu::memset(d_a, 0, bytes).value();
  cudaMemset(d_a, 0, bytes);
  // CHECK: gpu::stream s;
  // CHECK-NEXT: gpu::event start, stop;
  cudaStream_t s;
  cudaEvent_t start, stop;
  // CHECK: gpu::create_stream(&s).value();
  // CHECK-NEXT: gpu::create_event(&start).value();
  // CHECK-NEXT: gpu::create_event(&stop).value();
  checkCudaErrors(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  checkCudaErrors(cudaEventCreate(&start));
  checkCudaErrors(cudaEventCreateWithFlags(&stop, cudaEventBlockingSync));
  // CHECK: start.record(s).value();
  // CHECK-NEXT: gpu::memcpy_async(s, h_a, d_a, bytes).value();
  // CHECK-NEXT: gpu::memset(gpu::default_stream(), d_a, 1, bytes).value();
  // CHECK-NEXT: stop.record(gpu::default_stream()).value();
  // CHECK-NEXT: s.synchronize().value();
  // CHECK-NEXT: while (!stop.query().value()) {
  checkCudaErrors(cudaEventRecord(start, s));
  checkCudaErrors(cudaMemcpyAsync(h_a, d_a, bytes, cudaMemcpyDeviceToHost, s));
  checkCudaErrors(cudaMemsetAsync(d_a, 1, bytes));
  checkCudaErrors(cudaEventRecord(stop, 0));
  checkCudaErrors(cudaStreamSynchronize(s));
  while (cudaEventQuery(stop) == cudaErrorNotReady) {
  }
  float ms = 0;
  // CHECK: gpu::elapsed_ms(&ms, start, stop).value();
  checkCudaErrors(cudaEventElapsedTime(&ms, start, stop));
  // CHECK: gpu::copy_to_symbol(gpu::default_stream(), taps, h_a, sizeof(taps)).value();
  // CHECK-NEXT: gpu::copy_from_symbol(gpu::default_stream(), h_a, taps, 4, 4).value();
  checkCudaErrors(cudaMemcpyToSymbol(taps, h_a, sizeof(taps)));
  checkCudaErrors(cudaMemcpyFromSymbol(h_a, taps, 4, 4, cudaMemcpyDeviceToHost));
  // CHECK: gpu::device_properties prop;
  // CHECK-NEXT: int dev = 0, count = 0;
  // CHECK-NEXT: gpu::get_default_device(&dev).value();
  // CHECK-NEXT: gpu::device_count(&count).value();
  // CHECK-NEXT: gpu::get_device_properties(&prop, dev).value();
  // CHECK-NEXT: printf("%s %d.%d %d\n", prop.name.c_str(), prop.compute_capability.major, prop.compute_capability.minor, prop.multiprocessor_count);
  cudaDeviceProp prop;
  int dev = 0, count = 0;
  checkCudaErrors(cudaGetDevice(&dev));
  checkCudaErrors(cudaGetDeviceCount(&count));
  checkCudaErrors(cudaGetDeviceProperties(&prop, dev));
  printf("%s %d.%d %d\n", prop.name, prop.major, prop.minor, prop.multiProcessorCount);
  // CHECK: gpu::get_device_attribute(&count, gpu::device_attribute::compute_capability_major, dev).value();
  // CHECK-NEXT: gpu::get_device_attribute(&count, gpu::device_attribute::l2_cache_size, dev).value();
  checkCudaErrors(cudaDeviceGetAttribute(&count, cudaDevAttrComputeCapabilityMajor, dev));
  checkCudaErrors(cudaDeviceGetAttribute(&count, cudaDevAttrL2CacheSize, dev));
  // CHECK: printf("%d %d\n", prop.can_map_host_memory, prop.max_grid_dim[0]);
  printf("%d %d\n", prop.canMapHostMemory, prop.maxGridSize[0]);
  // REPORT: runtime-calls.cu:[[@LINE+1]]:{{[0-9]+}}: not translated: cudaDeviceProp::computeMode: gpu::device_properties has no such field
  printf("%d\n", prop.computeMode);
  void *managed = nullptr;
  // REPORT: runtime-calls.cu:[[@LINE+1]]:3: not translated: cudaMallocManaged: no Alloy form yet (see docs/porting.md)
  cudaMallocManaged(&managed, 64);
  // REPORT: runtime-calls.cu:[[@LINE+1]]:19: not translated: checkCudaErrors of something other than a CUDA runtime call: check it by hand
  int status = 0; checkCudaErrors(status);
  // CHECK: gpu::destroy(s).value();
  // CHECK-NEXT: gpu::destroy(start).value();
  // CHECK-NEXT: gpu::free_device(d_a).value();
  // CHECK-NEXT: gpu::free_host(h_a).value();
  // CHECK-NEXT: gpu::device_synchronize().value();
  // CHECK-NEXT: gpu::device_synchronize().value();
  checkCudaErrors(cudaStreamDestroy(s));
  checkCudaErrors(cudaEventDestroy(start));
  checkCudaErrors(cudaFree(d_a));
  checkCudaErrors(cudaFreeHost(h_a));
  cudaDeviceSynchronize();
  cudaDeviceReset();
  return 0;
}
// REPORT: 3 places left to finish by hand
