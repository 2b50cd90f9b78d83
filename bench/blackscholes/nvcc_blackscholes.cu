// blackscholes: European call and put prices of 2^26 options (price S,
// strike X, years T; rate R and volatility V fixed), one option per thread;
// the normal CDF is the Abramowitz-Stegun polynomial of the CUDA sample.
#include "cuda_bench.hpp"

#include <cmath>

__device__ inline float cnd(float d) {
  const float A1 = 0.31938153f, A2 = -0.356563782f, A3 = 1.781477937f,
              A4 = -1.821255978f, A5 = 1.330274429f;
  const float RSQRT2PI = 0.39894228040143267793994605993438f;
  float k = 1.0f / (1.0f + 0.2316419f * fabsf(d));
  float c = RSQRT2PI * expf(-0.5f * d * d) *
            (k * (A1 + k * (A2 + k * (A3 + k * (A4 + k * A5)))));
  return d > 0 ? 1.0f - c : c;
}

__global__ void blackscholes(const float *__restrict__ S,
                             const float *__restrict__ X,
                             const float *__restrict__ T, size_t n,
                             float *__restrict__ call, float *__restrict__ put,
                             float R, float V) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float s = S[i], x = X[i], t = T[i];
  float sqrt_t = sqrtf(t);
  float d1 = (logf(s / x) + (R + 0.5f * V * V) * t) / (V * sqrt_t);
  float d2 = d1 - V * sqrt_t;
  float cnd1 = cnd(d1), cnd2 = cnd(d2);
  float exp_rt = expf(-R * t);
  call[i] = s * cnd1 - x * exp_rt * cnd2;
  put[i] = x * exp_rt * (1.0f - cnd2) - s * (1.0f - cnd1);
}

int main() {
  const size_t n = size_t(1) << 26;
  float R = 0.02f, V = 0.30f;
  auto hs = bench::random_floats(n, 5.0f, 30.0f, 13);
  auto hx = bench::random_floats(n, 1.0f, 100.0f, 14);
  auto ht = bench::random_floats(n, 0.25f, 10.0f, 15);
  bench::cuda_buffer<float> S(hs), X(hx), T(ht), call(n), put(n);
  unsigned grid = unsigned((n + 255) / 256);
  auto launch = [&] {
    blackscholes<<<grid, 256>>>(S.get(), X.get(), T.get(), n, call.get(),
                                put.get(), R, V);
  };
  launch();
  bool ok = bench::check_blackscholes(hs, hx, ht, call.to_host(), put.to_host(),
                                      R, V);
  double us = bench::time_cuda(launch);
  return bench::report(bench::name("blackscholes"), "nvcc", us, "GB/s",
                       bench::gbps(5.0 * n * sizeof(float), us), ok);
}
