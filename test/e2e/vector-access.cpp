// gpu::as_vectors on the GPU: 16- and 8-byte accesses over the body of a
// span and scalar ones over its tail, for sizes with every remainder.
#include <gpu/gpu.hpp>
#include <cstdio>
#include <vector>

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

[[gpu::kernel, gpu::launch_contract(1, 256)]]
void scale2(std::span<const double> a, gpu::disjoint_span<double> c) {
  auto [a2, a_tail] = gpu::as_vectors<2>(a);
  auto [c2, c_tail] = gpu::as_vectors<2>(c);
  auto i = gpu::thread::index_1d();
  if (auto *o = c2.get_mut(i)) {
    gpu::vec<double, 2> x = a2[i.get()];
    *o = {{x[0] * 3, x[1] * 3}};
  }
  if (double *o = c_tail.get_mut(i))
    *o = a_tail[i.get()] * 3;
}
} // namespace kernels

int main() {
  auto ctx = gpu::context::create(0);
  if (!ctx) {
    std::fprintf(stderr, "%s\n", ctx.error().message().c_str());
    return 2;
  }
  auto &stream = ctx->default_stream();
  int failures = 0;
  for (size_t n : {size_t(0), size_t(1), size_t(3), size_t(4), size_t(1021),
                   size_t(1 << 20), size_t((1 << 20) + 2)}) {
    std::vector<float> a(n), b(n);
    std::vector<double> d(n);
    for (size_t i = 0; i < n; ++i) {
      a[i] = float(i) * 0.5f;
      b[i] = float(n - i);
      d[i] = double(i) / 7;
    }
    auto da = gpu::device_buffer<float>::from_host(stream, a).value();
    auto db = gpu::device_buffer<float>::from_host(stream, b).value();
    auto dc = gpu::device_buffer<float>::uninitialized(stream, n).value();
    auto dd = gpu::device_buffer<double>::from_host(stream, d).value();
    auto de = gpu::device_buffer<double>::uninitialized(stream, n).value();
    uint32_t blocks = uint32_t((n / 4 + 255) / 256 + 1);
    auto p4 = gpu::prepare<kernels::vecadd4>(*ctx, gpu::launch_config_1d{blocks, 256}).value();
    gpu::launch(stream, p4, da, db, dc).value();
    auto p2 = gpu::prepare<kernels::scale2>(*ctx, gpu::launch_config_1d{blocks * 2, 256}).value();
    gpu::launch(stream, p2, dd, de).value();
    auto c = dc.to_host(stream).value();
    auto e = de.to_host(stream).value();
    size_t bad = 0;
    for (size_t i = 0; i < n; ++i)
      bad += c[i] != a[i] + b[i] || e[i] != d[i] * 3;
    std::printf("%s: n=%zu, %zu wrong\n", bad ? "FAILED" : "PASSED", n, bad);
    failures += bad != 0;
  }
  if (failures) {
    std::printf("FAILED: %d sizes\n", failures);
    return 1;
  }
  std::printf("PASSED: all checks\n");
}
