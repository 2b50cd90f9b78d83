// vecadd4: c = a + b over 2^26 floats, four per thread with 16-byte loads
// and stores (gpu::as_vectors; the tail, if any, one per thread).
#include "../common/alloy_bench.hpp"

#include <string>

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 256)]]
void vecadd4(std::span<const float> a, std::span<const float> b,
             gpu::disjoint_span<float> c) {
  auto [a4, a_tail] = gpu::as_vectors<4>(a);
  auto [b4, b_tail] = gpu::as_vectors<4>(b);
  auto [c4, c_tail] = gpu::as_vectors<4>(c);
  auto i = gpu::thread::index_1d();
  if (auto *o = c4.get_mut(i)) {
    gpu::vec<float, 4> x = a4[i.get()], y = b4[i.get()], r;
    for (int k = 0; k < 4; ++k)
      r[k] = x[k] + y[k];
    *o = r;
  }
  if (float *o = c_tail.get_mut(i))
    *o = a_tail[i.get()] + b_tail[i.get()];
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
    size_t threads = n / 4 + n % 4;
    auto p = gpu::prepare<kernels::vecadd4>(
                 ctx, gpu::launch_config_1d{(threads + 255) / 256, 256})
                 .value();
    gpu::launch(s, p, ad, bd, cd).value();
    auto c = cd.to_host(s).value();
    bool ok = true;
    for (size_t i = 0; i < n && ok; ++i)
      ok = c[i] == a[i] + b[i];
    double us = bench::time_alloy(s, p, ad, bd, cd);
    return bench::report(bench::name("vecadd4"), "alloy", us, "GB/s",
                         bench::gbps(3.0 * n * sizeof(float), us), ok);
  });
}
