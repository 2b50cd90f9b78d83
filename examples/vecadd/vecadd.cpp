#include <gpu/gpu.hpp>
#include <cmath>
#include <cstdio>
#include <vector>

namespace kernels {
[[gpu::kernel, gpu::launch_bounds(256), gpu::launch_contract(1, 256)]]
void vecadd(std::span<const float> a, std::span<const float> b,
            gpu::disjoint_span<float> c) {
  auto idx = gpu::thread::index_1d();
  if (float* c_elem = c.get_mut(idx)) *c_elem = a[idx.get()] + b[idx.get()];
}
}  // namespace kernels

int main() {
  auto ctx = gpu::context::create(0);
  if (!ctx) { std::fprintf(stderr, "%s\n", ctx.error().message().c_str()); return 2; }
  auto& stream = ctx->default_stream();

  constexpr size_t N = 1024;
  std::vector<float> a_host(N), b_host(N);
  for (size_t i = 0; i < N; ++i) { a_host[i] = float(i); b_host[i] = float(2 * i); }

  auto a_dev = gpu::device_buffer<float>::from_host(stream, a_host).value();
  auto b_dev = gpu::device_buffer<float>::from_host(stream, b_host).value();
  auto c_dev = gpu::device_buffer<float>::zeroed(stream, N).value();

  auto prepared = gpu::prepare<kernels::vecadd>(*ctx, gpu::launch_config_1d{(N + 255) / 256, 256}).value();
  gpu::launch(stream, prepared, a_dev, b_dev, c_dev).value();

  auto c_host = c_dev.to_host(stream).value();
  size_t errors = 0;
  for (size_t i = 0; i < N; ++i)
    if (std::fabs(c_host[i] - (a_host[i] + b_host[i])) > 1e-5f) ++errors;
  if (errors) { std::fprintf(stderr, "FAILED: %zu errors\n", errors); return 1; }
  std::printf("PASSED: all %zu elements correct on %s\n", N, ctx->device().name().c_str());
}
