// saxpy: y = a * x + y over 2^26 floats, one element per thread.
#include "cuda_bench.hpp"

#include <cmath>

__global__ void __launch_bounds__(256)
    saxpy(size_t n, float a, const float *__restrict__ x,
          float *__restrict__ y) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

int main() {
  const size_t n = size_t(1) << 26;
  float a = 0.5f;
  auto hx = bench::random_floats(n, -1.0f, 1.0f, 1);
  auto hy = bench::random_floats(n, -1.0f, 1.0f, 2);
  bench::cuda_buffer<float> x(hx), y(hy);
  unsigned grid = unsigned((n + 255) / 256);
  auto launch = [&] { saxpy<<<grid, 256>>>(n, a, x.get(), y.get()); };
  launch();
  auto out = y.to_host();
  bool ok = true;
  for (size_t i = 0; i < n && ok; ++i)
    ok = std::fabs(out[i] - (a * hx[i] + hy[i])) <= 1e-6f;
  double us = bench::time_cuda(launch);
  return bench::report(bench::name("saxpy"), "nvcc", us, "GB/s",
                       bench::gbps(3.0 * n * sizeof(float), us), ok);
}
