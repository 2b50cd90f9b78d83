// startup: from the start of main() to the end of the first launch of a
// tiny kernel (the CUDA runtime initializes lazily: context, module load,
// launch, synchronize). Built with a cubin for sm_90, and (-DBENCH_PTX)
// with PTX for compute_80 only.
#include "cuda_bench.hpp"

#include <chrono>

__global__ void touch(int *out, int n, int v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = v;
}

int main() {
  auto t0 = std::chrono::steady_clock::now();
  int *out = nullptr;
  CUDA_CHECK(cudaMalloc(&out, 32 * sizeof(int)));
  touch<<<1, 32>>>(out, 32, 7);
  CUDA_CHECK(cudaStreamSynchronize(0));
  double us = std::chrono::duration<double, std::micro>(
                  std::chrono::steady_clock::now() - t0)
                  .count();
  int last = 0;
  CUDA_CHECK(cudaMemcpy(&last, out + 31, sizeof(int), cudaMemcpyDeviceToHost));
#ifdef BENCH_PTX
  const char *name = "startup_ptx";
#else
  const char *name = "startup";
#endif
  return bench::report(name, "nvcc", us, "ms", us / 1000, last == 7);
}
