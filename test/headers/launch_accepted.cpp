// RUN: %clangxx -fsyntax-only -Wno-unknown-attributes -Xclang -verify %s
// The spec's sample, and the conversions the spec allows, compile cleanly.
// expected-no-diagnostics
#include <gpu/gpu.hpp>
#include <cstdint>
#include <vector>

namespace kernels {
[[gpu::kernel, gpu::launch_bounds(256), gpu::launch_contract(1, 256)]]
void vecadd(std::span<const float> a, std::span<const float> b,
            gpu::disjoint_span<float> c) {
  auto idx = gpu::thread::index_1d();
  if (float *c_elem = c.get_mut(idx))
    *c_elem = a[idx.get()] + b[idx.get()];
}
template <class T>
[[gpu::kernel]] void axpy(T a, const T *x, T *y, int64_t n, double d) {}
struct params { float scale; int count; };
[[gpu::kernel, gpu::launch_contract(2, 16, 16)]]
void grid2d(params p, float *out) {}
} // namespace kernels

int sample(size_t n) {
  auto ctx = gpu::context::create(0);
  if (!ctx)
    return 2;
  auto &stream = ctx->default_stream();
  std::vector<float> a_host(n), b_host(n);
  auto a_dev = gpu::device_buffer<float>::from_host(stream, a_host).value();
  auto b_dev = gpu::device_buffer<float>::from_host(stream, b_host).value();
  auto c_dev = gpu::device_buffer<float>::zeroed(stream, n).value();
  auto prepared = gpu::prepare<kernels::vecadd>(
                      *ctx, gpu::launch_config_1d{(n + 255) / 256, 256})
                      .value();
  gpu::launch(stream, prepared, a_dev, b_dev, c_dev).value();
  const auto &const_a = a_dev;
  gpu::launch(stream, prepared, const_a, a_dev, c_dev).value();

  // int32_t -> int64_t, float -> double, uint32_t -> int64_t.
  int32_t count = 3;
  (void)gpu::launch_unchecked<kernels::axpy<float>>(
      stream, gpu::launch_config_1d{1, 32}, 2.0f, a_dev, c_dev, count, 1.5f);
  (void)gpu::launch_unchecked<kernels::axpy<float>>(
      stream, gpu::launch_config_1d{1, 32}, 2.0f, a_dev, c_dev, 7u, 1.0);

  auto p2 = gpu::prepare<kernels::grid2d>(
      *ctx, gpu::launch_config_2d{{n / 16, n / 16}, {16, 16}});
  if (p2)
    (void)gpu::launch(stream, *p2, kernels::params{1.0f, 2}, c_dev);
  (void)gpu::launch_config_3d{{1, 2, 3}, {4, 4, 4}, n * sizeof(float)};

  auto c_host = c_dev.to_host(stream).value();
  return int(c_host.size());
}
