// stencil2d: one Jacobi step of the 5-point stencil on an 8192x8192 float
// grid, out = 0.5 * centre + 0.125 * (4 neighbours); the border is copied.
// 32x8 threads per block, one point per thread.
#include "cuda_bench.hpp"

__global__ void stencil2d(const float *__restrict__ in, float *__restrict__ out,
                          int n) {
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 8 + threadIdx.y;
  if (x >= n || y >= n)
    return;
  size_t i = size_t(y) * n + x;
  if (x == 0 || y == 0 || x == n - 1 || y == n - 1)
    out[i] = in[i];
  else
    out[i] =
        0.5f * in[i] + 0.125f * (in[i - 1] + in[i + 1] + in[i - n] + in[i + n]);
}

int main() {
  int n = 8192;
  const size_t elems = size_t(n) * n;
  auto host = bench::random_floats(elems, 0.0f, 1.0f, 16);
  bench::cuda_buffer<float> in(host), out(elems);
  dim3 grid(n / 32, n / 8), block(32, 8);
  auto launch = [&] { stencil2d<<<grid, block>>>(in.get(), out.get(), n); };
  launch();
  bool ok = bench::check_stencil2d(host, out.to_host(), n);
  double us = bench::time_cuda(launch);
  return bench::report(bench::name("stencil2d"), "nvcc", us, "GB/s",
                       bench::gbps(2.0 * elems * sizeof(float), us), ok);
}
