// vecadd4: c = a + b over 2^26 floats, four per thread through float4 (the
// size is a multiple of 4 here).
#include "cuda_bench.hpp"

#include <string>

__global__ void __launch_bounds__(256)
    vecadd4(const float4 *__restrict__ a, const float4 *__restrict__ b,
            float4 *__restrict__ c, size_t n4) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n4) {
    float4 x = a[i], y = b[i];
    c[i] = make_float4(x.x + y.x, x.y + y.y, x.z + y.z, x.w + y.w);
  }
}

int main(int argc, char **argv) {
  const size_t n = argc > 1 ? std::stoull(argv[1]) : (size_t(1) << 26);
  std::vector<float> a(n), b(n);
  for (size_t i = 0; i < n; ++i) {
    a[i] = float(i % 1000);
    b[i] = float(i % 7);
  }
  bench::cuda_buffer<float> ad(a), bd(b), cd(n);
  size_t n4 = n / 4;
  unsigned grid = unsigned((n4 + 255) / 256);
  auto launch = [&] {
    vecadd4<<<grid, 256>>>(reinterpret_cast<const float4 *>(ad.get()),
                           reinterpret_cast<const float4 *>(bd.get()),
                           reinterpret_cast<float4 *>(cd.get()), n4);
  };
  launch();
  auto c = cd.to_host();
  bool ok = true;
  for (size_t i = 0; i < n4 * 4 && ok; ++i)
    ok = c[i] == a[i] + b[i];
  double us = bench::time_cuda(launch);
  return bench::report(bench::name("vecadd4"), "nvcc", us, "GB/s",
                       bench::gbps(3.0 * n * sizeof(float), us), ok);
}
