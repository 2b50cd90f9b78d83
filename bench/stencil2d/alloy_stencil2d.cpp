// stencil2d: one Jacobi step of the 5-point stencil on an 8192x8192 float
// grid, out = 0.5 * centre + 0.125 * (4 neighbours); the border is copied.
// 32x8 threads per block, one point per thread.
#include "../common/alloy_bench.hpp"

#include <cmath>

namespace kernels {
[[gpu::kernel, gpu::launch_contract(2, 32, 8)]]
void stencil2d(std::span<const float> in, float *out, int n) {
  int x = gpu::block_idx().x * 32 + gpu::thread_idx().x;
  int y = gpu::block_idx().y * 8 + gpu::thread_idx().y;
  if (x >= n || y >= n)
    return;
  size_t i = size_t(y) * n + x;
  if (x == 0 || y == 0 || x == n - 1 || y == n - 1)
    out[i] = in[i];
  else
    out[i] =
        0.5f * in[i] + 0.125f * (in[i - 1] + in[i + 1] + in[i - n] + in[i + n]);
}
} // namespace kernels

int main(int, char **argv) {
  return bench::alloy_main(argv[0], [](gpu::context &ctx) {
    int n = 8192;
    const size_t elems = size_t(n) * n;
    auto &s = ctx.default_stream();
    auto host = bench::random_floats(elems, 0.0f, 1.0f, 16);
    auto in = gpu::device_buffer<float>::from_host(s, host).value();
    auto out = gpu::device_buffer<float>::zeroed(s, elems).value();
    auto p = gpu::prepare<kernels::stencil2d>(
                 ctx, gpu::launch_config_2d{{n / 32, n / 8}, {32, 8}})
                 .value();
    gpu::launch(s, p, in, out, n).value();
    bool ok = bench::check_stencil2d(host, out.to_host(s).value(), n);
    double us = bench::time_alloy(s, p, in, out, n);
    return bench::report(bench::name("stencil2d"), "alloy", us, "GB/s",
                         bench::gbps(2.0 * elems * sizeof(float), us), ok);
  });
}
