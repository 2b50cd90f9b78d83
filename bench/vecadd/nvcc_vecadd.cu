// vecadd: c = a + b over 2^26 floats, one element per thread.
#include "cuda_bench.hpp"

#include <string>

__global__ void __launch_bounds__(256)
    vecadd(const float *__restrict__ a, const float *__restrict__ b,
           float *__restrict__ c, size_t n) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

int main(int argc, char **argv) {
  const size_t n = argc > 1 ? std::stoull(argv[1]) : (size_t(1) << 26);
  std::vector<float> a(n), b(n);
  for (size_t i = 0; i < n; ++i) {
    a[i] = float(i % 1000);
    b[i] = float(i % 7);
  }
  bench::cuda_buffer<float> ad(a), bd(b), cd(n);
  unsigned grid = unsigned((n + 255) / 256);
  auto launch = [&] { vecadd<<<grid, 256>>>(ad.get(), bd.get(), cd.get(), n); };
  launch();
  auto c = cd.to_host();
  bool ok = true;
  for (size_t i = 0; i < n && ok; ++i)
    ok = c[i] == a[i] + b[i];
  double us = bench::time_cuda(launch);
  return bench::report(bench::name("vecadd"), "nvcc", us, "GB/s",
                       bench::gbps(3.0 * n * sizeof(float), us), ok);
}
