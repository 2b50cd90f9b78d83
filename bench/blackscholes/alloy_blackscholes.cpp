// blackscholes: European call and put prices of 2^26 options (price S,
// strike X, years T; rate R and volatility V fixed), one option per thread;
// the normal CDF is the Abramowitz-Stegun polynomial of the CUDA sample.
#include "../common/alloy_bench.hpp"

#include <cmath>

namespace kernels {
inline float cnd(float d) {
  const float A1 = 0.31938153f, A2 = -0.356563782f, A3 = 1.781477937f,
              A4 = -1.821255978f, A5 = 1.330274429f;
  const float RSQRT2PI = 0.39894228040143267793994605993438f;
  float k = 1.0f / (1.0f + 0.2316419f * fabsf(d));
  float c = RSQRT2PI * expf(-0.5f * d * d) *
            (k * (A1 + k * (A2 + k * (A3 + k * (A4 + k * A5)))));
  return d > 0 ? 1.0f - c : c;
}

[[gpu::kernel, gpu::launch_contract(1, 256)]]
void blackscholes(std::span<const float> S, std::span<const float> X,
                  std::span<const float> T, gpu::disjoint_span<float> call,
                  gpu::disjoint_span<float> put, float R, float V) {
  auto idx = gpu::thread::index_1d();
  size_t i = idx.get();
  if (i >= S.size())
    return;
  float s = S[i], x = X[i], t = T[i];
  float sqrt_t = sqrtf(t);
  float d1 = (logf(s / x) + (R + 0.5f * V * V) * t) / (V * sqrt_t);
  float d2 = d1 - V * sqrt_t;
  float cnd1 = cnd(d1), cnd2 = cnd(d2);
  float exp_rt = expf(-R * t);
  if (float *c = call.get_mut(idx))
    *c = s * cnd1 - x * exp_rt * cnd2;
  if (float *p = put.get_mut(idx))
    *p = x * exp_rt * (1.0f - cnd2) - s * (1.0f - cnd1);
}
} // namespace kernels

int main(int, char **argv) {
  return bench::alloy_main(argv[0], [](gpu::context &ctx) {
    const size_t n = size_t(1) << 26;
    float R = 0.02f, V = 0.30f;
    auto &s = ctx.default_stream();
    auto hs = bench::random_floats(n, 5.0f, 30.0f, 13);
    auto hx = bench::random_floats(n, 1.0f, 100.0f, 14);
    auto ht = bench::random_floats(n, 0.25f, 10.0f, 15);
    auto S = gpu::device_buffer<float>::from_host(s, hs).value();
    auto X = gpu::device_buffer<float>::from_host(s, hx).value();
    auto T = gpu::device_buffer<float>::from_host(s, ht).value();
    auto call = gpu::device_buffer<float>::zeroed(s, n).value();
    auto put = gpu::device_buffer<float>::zeroed(s, n).value();
    auto p = gpu::prepare<kernels::blackscholes>(
                 ctx, gpu::launch_config_1d{(n + 255) / 256, 256})
                 .value();
    gpu::launch(s, p, S, X, T, call, put, R, V).value();
    bool ok = bench::check_blackscholes(hs, hx, ht, call.to_host(s).value(),
                                        put.to_host(s).value(), R, V);
    double us = bench::time_alloy(s, p, S, X, T, call, put, R, V);
    return bench::report(bench::name("blackscholes"), "alloy", us, "GB/s",
                         bench::gbps(5.0 * n * sizeof(float), us), ok);
  });
}
