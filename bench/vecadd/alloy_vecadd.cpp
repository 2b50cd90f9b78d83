// vecadd: c = a + b over 2^26 floats, one element per thread, written
// through gpu::disjoint_span.
#include "../common/alloy_bench.hpp"

#include <string>

namespace kernels {
[[gpu::kernel, gpu::launch_bounds(256), gpu::launch_contract(1, 256)]]
void vecadd(std::span<const float> a, std::span<const float> b,
            gpu::disjoint_span<float> c) {
  auto idx = gpu::thread::index_1d();
  if (float *c_elem = c.get_mut(idx))
    *c_elem = a[idx.get()] + b[idx.get()];
}
} // namespace kernels

int main(int argc, char **argv) {
  return bench::alloy_main(argv[0], [&](gpu::context &ctx) {
    const size_t n = argc > 1 ? std::stoull(argv[1]) : (size_t(1) << 26);
    auto &s = ctx.default_stream();
    std::vector<float> a(n), b(n);
    for (size_t i = 0; i < n; ++i) {
      a[i] = float(i % 1000);
      b[i] = float(i % 7);
    }
    auto ad = gpu::device_buffer<float>::from_host(s, a).value();
    auto bd = gpu::device_buffer<float>::from_host(s, b).value();
    auto cd = gpu::device_buffer<float>::uninitialized(s, n).value();
    auto p = gpu::prepare<kernels::vecadd>(
                 ctx, gpu::launch_config_1d{(n + 255) / 256, 256})
                 .value();
    gpu::launch(s, p, ad, bd, cd).value();
    auto c = cd.to_host(s).value();
    bool ok = true;
    for (size_t i = 0; i < n && ok; ++i)
      ok = c[i] == a[i] + b[i];
    double us = bench::time_alloy(s, p, ad, bd, cd);
    return bench::report(bench::name("vecadd"), "alloy", us, "GB/s",
                         bench::gbps(3.0 * n * sizeof(float), us), ok);
  });
}
