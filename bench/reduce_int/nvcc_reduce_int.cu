// reduce_int: the sum of 2^26 ints in cuda-samples' reduce7 shape: grid-
// stride loads (two per step), a warp sum, one shared slot per warp, the
// last warp's sum over a ballot's mask (__reduce_add_sync, one redux.sync),
// one atomic per block (8 blocks per SM).
#include "cuda_bench.hpp"

__global__ void __launch_bounds__(256)
    reduce_int(const int *__restrict__ in, size_t n, int *total) {
  __shared__ int warp_sums[8];
  int sum = 0;
  size_t stride = size_t(gridDim.x) * 512;
  for (size_t i = size_t(blockIdx.x) * 512 + threadIdx.x; i < n; i += stride) {
    sum += in[i];
    if (i + 256 < n)
      sum += in[i + 256];
  }
  sum = __reduce_add_sync(0xffffffffu, sum);
  unsigned tid = threadIdx.x;
  if (tid % 32 == 0)
    warp_sums[tid / 32] = sum;
  __syncthreads();
  unsigned active = __ballot_sync(0xffffffffu, tid < 8);
  if (tid < 8) {
    sum = __reduce_add_sync(active, warp_sums[tid]);
    if (tid == 0)
      atomicAdd(total, sum);
  }
}

int main() {
  const size_t n = size_t(1) << 26;
  std::vector<int> host(n);
  long long expect = 0;
  for (size_t i = 0; i < n; ++i) {
    host[i] = int(i % 17) - 8;
    expect += host[i];
  }
  bench::cuda_buffer<int> in(host), total(1);
  CUDA_CHECK(cudaMemset(total.get(), 0, sizeof(int)));
  unsigned blocks = unsigned(bench::sm_count()) * 8;
  auto launch = [&] { reduce_int<<<blocks, 256>>>(in.get(), n, total.get()); };
  launch();
  bool ok = total.to_host()[0] == int(expect);
  // The timed launches keep adding to the total.
  double us = bench::time_cuda(launch);
  return bench::report(bench::name("reduce_int"), "nvcc", us, "GB/s",
                       bench::gbps(double(n) * sizeof(int), us), ok);
}
