// histogram: 256 bins over 2^28 random bytes. Each block (256 threads,
// grid-stride over 32-bit words) counts into a histogram in shared memory
// with shared atomics, then adds it to the global bins with global atomics.
#include "cuda_bench.hpp"

#include <cstdint>

__global__ void histogram(const uint8_t *__restrict__ data, size_t size,
                          uint32_t *__restrict__ bins) {
  __shared__ uint32_t local[256];
  uint32_t t = threadIdx.x;
  local[t] = 0;
  __syncthreads();
  const uint32_t *words = reinterpret_cast<const uint32_t *>(data);
  size_t n = size / 4, stride = size_t(gridDim.x) * 256;
  for (size_t i = size_t(blockIdx.x) * 256 + t; i < n; i += stride) {
    uint32_t w = words[i];
    atomicAdd(&local[w & 0xff], 1u);
    atomicAdd(&local[(w >> 8) & 0xff], 1u);
    atomicAdd(&local[(w >> 16) & 0xff], 1u);
    atomicAdd(&local[w >> 24], 1u);
  }
  __syncthreads();
  if (uint32_t count = local[t])
    atomicAdd(&bins[t], count);
}

int main() {
  const size_t n = size_t(1) << 28;
  std::vector<uint8_t> host(n);
  bench::rng r(7);
  for (size_t i = 0; i < n; i += 8) {
    uint64_t v = r.next();
    for (int k = 0; k < 8; ++k)
      host[i + k] = uint8_t(v >> (8 * k));
  }
  std::vector<uint32_t> expect(256, 0);
  for (uint8_t b : host)
    ++expect[b];
  bench::cuda_buffer<uint8_t> data(host);
  bench::cuda_buffer<uint32_t> bins(256);
  CUDA_CHECK(cudaMemset(bins.get(), 0, 256 * sizeof(uint32_t)));
  unsigned blocks = unsigned(bench::sm_count()) * 8;
  auto launch = [&] { histogram<<<blocks, 256>>>(data.get(), n, bins.get()); };
  launch();
  bool ok = bins.to_host() == expect;
  // The timed launches keep adding to the bins.
  double us = bench::time_cuda(launch);
  return bench::report(bench::name("histogram"), "nvcc", us, "GB/s",
                       bench::gbps(double(n), us), ok);
}
