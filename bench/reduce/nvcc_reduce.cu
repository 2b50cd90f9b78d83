// The reference for alloy_reduce.cpp, in CUDA C++.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

__global__ void __launch_bounds__(256) reduce(const float *__restrict__ in,
                                              size_t n, float *total) {
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
  const int reps = 200;
  std::vector<float> host(n);
  double expect = 0;
  for (size_t i = 0; i < n; ++i) {
    host[i] = float(i % 17) * 0.25f;
    expect += host[i];
  }
  float *in, *total;
  cudaMalloc(&in, n * 4);
  cudaMalloc(&total, 4);
  cudaMemcpy(in, host.data(), n * 4, cudaMemcpyHostToDevice);
  cudaMemset(total, 0, 4);
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  unsigned blocks = unsigned(sms) * 8;
  reduce<<<blocks, 256>>>(in, n, total);
  float result = 0;
  cudaMemcpy(&result, total, 4, cudaMemcpyDeviceToHost);
  if (std::fabs(result - expect) > 1e-3 * expect) {
    std::printf("nvcc reduce: WRONG %f vs %f\n", result, expect);
    return 1;
  }
  for (int i = 0; i < 10; ++i)
    reduce<<<blocks, 256>>>(in, n, total);
  cudaDeviceSynchronize();
  auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < reps; ++i)
    reduce<<<blocks, 256>>>(in, n, total);
  cudaDeviceSynchronize();
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  double us = s / reps * 1e6;
  std::printf("nvcc reduce n=%zu: %.2f us/launch, %.1f GB/s\n", n, us,
              double(n) * sizeof(float) / (us * 1e3));
}
