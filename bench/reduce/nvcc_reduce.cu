// reduce: the sum of 2^26 floats: grid-stride loads, a warp-shuffle tree,
// one shared slot per warp, one atomic per block (8 blocks per SM).
#include "cuda_bench.hpp"

#include <cmath>

__global__ void __launch_bounds__(256)
    reduce(const float *__restrict__ in, size_t n, float *total) {
  __shared__ float warp_sums[8];
  float sum = 0.0f;
  size_t stride = size_t(gridDim.x) * 256;
  for (size_t i = size_t(blockIdx.x) * 256 + threadIdx.x; i < n; i += stride)
    sum += in[i];
  for (unsigned offset = 16; offset > 0; offset /= 2)
    sum += __shfl_down_sync(0xffffffffu, sum, offset);
  unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (lane == 0)
    warp_sums[warp] = sum;
  __syncthreads();
  if (warp == 0) {
    sum = lane < 8 ? warp_sums[lane] : 0.0f;
    for (unsigned offset = 4; offset > 0; offset /= 2)
      sum += __shfl_down_sync(0xffffffffu, sum, offset);
    if (lane == 0)
      atomicAdd(total, sum);
  }
}

int main() {
  const size_t n = size_t(1) << 26;
  std::vector<float> host(n);
  double expect = 0;
  for (size_t i = 0; i < n; ++i) {
    host[i] = float(i % 17) * 0.25f;
    expect += host[i];
  }
  bench::cuda_buffer<float> in(host), total(1);
  CUDA_CHECK(cudaMemset(total.get(), 0, sizeof(float)));
  unsigned blocks = unsigned(bench::sm_count()) * 8;
  auto launch = [&] { reduce<<<blocks, 256>>>(in.get(), n, total.get()); };
  launch();
  float result = total.to_host()[0];
  bool ok = std::fabs(result - expect) <= 1e-3 * expect;
  // The timed launches keep adding to the total.
  double us = bench::time_cuda(launch);
  return bench::report(bench::name("reduce"), "nvcc", us, "GB/s",
                       bench::gbps(double(n) * sizeof(float), us), ok);
}
