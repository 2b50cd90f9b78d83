// vecadd through Alloy, timed over many launches: the same kernel and
// timing as nvcc_vecadd.cu, so the two GB/s figures compare.
#include <gpu/gpu.hpp>
#include <chrono>
#include <cstdio>
#include <vector>

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
  const size_t n = argc > 1 ? std::stoull(argv[1]) : (size_t(1) << 26);
  const int reps = 200;
  auto ctx = gpu::context::create(0).value();
  auto &stream = ctx.default_stream();
  std::vector<float> a(n), b(n);
  for (size_t i = 0; i < n; ++i) {
    a[i] = float(i % 1000);
    b[i] = float(i % 7);
  }
  auto ad = gpu::device_buffer<float>::from_host(stream, a).value();
  auto bd = gpu::device_buffer<float>::from_host(stream, b).value();
  auto cd = gpu::device_buffer<float>::uninitialized(stream, n).value();
  auto p = gpu::prepare<kernels::vecadd>(ctx, gpu::launch_config_1d{(n + 255) / 256, 256}).value();
  for (int i = 0; i < 10; ++i)
    gpu::launch(stream, p, ad, bd, cd).value();
  stream.synchronize().value();
  auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < reps; ++i)
    gpu::launch(stream, p, ad, bd, cd).value();
  stream.synchronize().value();
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  auto c = cd.to_host(stream).value();
  for (size_t i = 0; i < n; ++i)
    if (c[i] != a[i] + b[i]) {
      std::printf("alloy vecadd: WRONG at %zu\n", i);
      return 1;
    }
  double us = s / reps * 1e6;
  std::printf("alloy vecadd n=%zu: %.2f us/launch, %.1f GB/s\n", n, us,
              3.0 * n * sizeof(float) / (us * 1e3));
}
