#include "kernels.hpp"
#include <cstdio>
#include <vector>

int main() {
  auto ctx = gpu::context::create(0);
  if (!ctx) {
    std::fprintf(stderr, "%s\n", ctx.error().message().c_str());
    return 2;
  }
  auto &stream = ctx->default_stream();
  const size_t n = 1000;
  std::vector<float> x(n), y(n);
  for (size_t i = 0; i < n; ++i) {
    x[i] = float(i);
    y[i] = 1.0f;
  }
  auto xd = gpu::device_buffer<float>::from_host(stream, x).value();
  auto yd = gpu::device_buffer<float>::from_host(stream, y).value();
  auto out = gpu::device_buffer<float>::uninitialized(stream, n).value();
  auto p = gpu::prepare<kernels::saxpy>(
               *ctx, gpu::launch_config_1d{(n + 127) / 128, 128})
               .value();
  gpu::launch(stream, p, xd, yd, out, 2.0f).value();
  run_square(*ctx, stream, out).value();
  auto result = out.to_host(stream).value();
  for (size_t i = 0; i < n; ++i) {
    float expect = (2.0f * x[i] + 1.0f) * (2.0f * x[i] + 1.0f);
    if (result[i] != expect) {
      std::fprintf(stderr, "FAILED: element %zu is %g, expected %g\n", i,
                   result[i], expect);
      return 1;
    }
  }
  std::printf("PASSED: two translation units, %zu elements correct\n", n);
}
