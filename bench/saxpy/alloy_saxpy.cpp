// saxpy: y = a * x + y over 2^26 floats, one element per thread.
#include "../common/alloy_bench.hpp"

#include <cmath>

namespace kernels {
[[gpu::kernel, gpu::launch_bounds(256), gpu::launch_contract(1, 256)]]
void saxpy(float a, std::span<const float> x, float *y) {
  size_t i = gpu::thread::index_1d().get();
  if (i < x.size())
    y[i] = a * x[i] + y[i];
}
} // namespace kernels

int main(int, char **argv) {
  return bench::alloy_main(argv[0], [](gpu::context &ctx) {
    const size_t n = size_t(1) << 26;
    float a = 0.5f;
    auto &s = ctx.default_stream();
    auto hx = bench::random_floats(n, -1.0f, 1.0f, 1);
    auto hy = bench::random_floats(n, -1.0f, 1.0f, 2);
    auto x = gpu::device_buffer<float>::from_host(s, hx).value();
    auto y = gpu::device_buffer<float>::from_host(s, hy).value();
    auto p = gpu::prepare<kernels::saxpy>(
                 ctx, gpu::launch_config_1d{(n + 255) / 256, 256})
                 .value();
    gpu::launch(s, p, a, x, y).value();
    auto out = y.to_host(s).value();
    bool ok = true;
    for (size_t i = 0; i < n && ok; ++i)
      ok = std::fabs(out[i] - (a * hx[i] + hy[i])) <= 1e-6f;
    double us = bench::time_alloy(s, p, a, x, y);
    return bench::report(bench::name("saxpy"), "alloy", us, "GB/s",
                         bench::gbps(3.0 * n * sizeof(float), us), ok);
  });
}
