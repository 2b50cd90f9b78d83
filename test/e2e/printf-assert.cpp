// Constant tables, string literals, gpu::printf and assert on the GPU.
#include <gpu/gpu.hpp>
#include <cassert>
#include <cstdio>
#include <string>
#include <vector>

namespace tables {
constexpr float kWeights[4] = {0.5f, 0.25f, 0.125f, 0.0625f};
struct Point {
  int id;
  double scale;
};
constexpr Point kPoints[2] = {{3, 1.5}, {7, -2.0}};
} // namespace tables

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 128)]]
void weigh(std::span<const float> in, gpu::disjoint_span<float> out) {
  static constexpr int kOffsets[3] = {10, 20, 30};
  auto i = gpu::thread::index_1d();
  size_t k = i.get();
  if (float *o = out.get_mut(i)) {
    const tables::Point &p = tables::kPoints[k % 2];
    *o = in[k] * tables::kWeights[k % 4] + float(kOffsets[k % 3]) +
         float(p.id * p.scale);
  }
  if (k == 5)
    gpu::printf("device printf: thread %d of %u says %s %.2f %lld\n", int(k),
                gpu::block_dim().x, "hello", 2.5f, (long long)-42);
}

[[gpu::kernel]] void checked(int *out, int value) {
  assert(value >= 0 && "value must not be negative");
  out[0] = value;
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
  const size_t n = 1000;
  std::vector<float> in(n);
  for (size_t i = 0; i < n; ++i)
    in[i] = float(i);
  auto in_d = gpu::device_buffer<float>::from_host(stream, in).value();
  auto out_d = gpu::device_buffer<float>::uninitialized(stream, n).value();
  auto p = gpu::prepare<kernels::weigh>(*ctx, gpu::launch_config_1d{(n + 127) / 128, 128}).value();
  gpu::launch(stream, p, in_d, out_d).value();
  auto out = out_d.to_host(stream).value();
  std::fflush(stdout);
  size_t bad = 0;
  const int offsets[3] = {10, 20, 30};
  for (size_t k = 0; k < n; ++k) {
    const tables::Point &pt = tables::kPoints[k % 2];
    float expect = in[k] * tables::kWeights[k % 4] + float(offsets[k % 3]) +
                   float(pt.id * pt.scale);
    bad += out[k] != expect;
  }
  std::printf("%s: constant tables, %zu wrong\n", bad ? "FAILED" : "PASSED", bad);
  failures += bad != 0;

  auto one = gpu::device_buffer<int>::zeroed(stream, 1).value();
  gpu::launch_unchecked<kernels::checked>(stream, gpu::launch_config_1d{1, 1}, one, 7).value();
  auto ok = one.to_host(stream).value();
  std::printf("%s: a passing assert, value %d\n", ok[0] == 7 ? "PASSED" : "FAILED", ok[0]);
  failures += ok[0] != 7;

  auto launched = gpu::launch_unchecked<kernels::checked>(stream, gpu::launch_config_1d{1, 1}, one, -1);
  auto synced = stream.synchronize();
  std::fflush(stdout);
  bool stopped = launched && !synced &&
                 synced.error().message().find("kernels::checked") != std::string::npos;
  std::printf("%s: a failing assert stops the kernel: %s\n", stopped ? "PASSED" : "FAILED",
              synced ? "no error" : (synced.error().name() + ": " + synced.error().message()).c_str());
  failures += !stopped;
  if (failures) {
    std::printf("FAILED: %d checks\n", failures);
    return 1;
  }
  std::printf("PASSED: all checks\n");
}
