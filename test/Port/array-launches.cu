// cudaLaunchKernel and cudaLaunchCooperativeKernel take the kernel's
// arguments as an array of their addresses; alloy port reads the array's
// initializer and writes gpu::launch_unchecked with the arguments (a
// cooperative launch's configuration in gpu::cooperative), and the
// occupancy query as gpu::max_active_blocks_per_multiprocessor<kernel>.
// An array it cannot read is reported.
// RUN: alloy-port %s -o %t.cpp 2> %t.report
// RUN: FileCheck %s < %t.cpp
// RUN: FileCheck %s --check-prefix=REPORT < %t.report
#include <cuda_runtime.h>
#include <helper_cuda.h>

__global__ void reduce(const float *in, float *out, unsigned n) {}

void run(float *d_in, float *d_out, unsigned n, cudaStream_t stream,
         void **given) {
  int blocks_per_sm = 0;
  // CHECK: gpu::max_active_blocks_per_multiprocessor<reduce>(&blocks_per_sm, 256, 1024).value();
  checkCudaErrors(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      &blocks_per_sm, reduce, 256, 1024));
  dim3 grid(blocks_per_sm * 132), block(256);
  int count = int(n);
  void *args[] = {(void *)&d_in, (void *)&d_out, (void *)&n};
  void *counted[] = {&d_in, &d_out, &count};
  // CHECK: gpu::launch_unchecked<reduce>(gpu::default_stream(), gpu::cooperative(gpu::launch_config_3d{grid, block, 1024}), gpu::device_ptr(d_in), gpu::device_ptr(d_out), n).value();
  checkCudaErrors(cudaLaunchCooperativeKernel((void *)reduce, grid, block,
                                              args, 1024, NULL));
  // CHECK: gpu::launch_unchecked<reduce>(stream, gpu::launch_config_3d{grid, block}, gpu::device_ptr(d_in), gpu::device_ptr(d_out), n).value();
  cudaLaunchKernel(reduce, grid, block, args, 0, stream);
  // A narrowing scalar gets the cast that a launch would ask for.
  // CHECK: gpu::launch_unchecked<reduce>(gpu::default_stream(), gpu::launch_config_3d{grid, block}, gpu::device_ptr(d_in), gpu::device_ptr(d_out), static_cast<unsigned int>(count)).value();
  cudaLaunchKernel(reduce, grid, block, counted);
  // REPORT: array-launches.cu:[[@LINE+1]]:41: not translated: the launch's arguments are not a local array initialized with their addresses: write the gpu::launch_unchecked by hand
  cudaLaunchKernel(reduce, grid, block, given);
}
// REPORT: alloy port: {{.*}}array-launches.cu: 0 launches and 6 runtime calls rewritten, 1 places left to finish by hand
