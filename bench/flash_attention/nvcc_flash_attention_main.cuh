// The main of nvcc_flash_attention_d<D>[_causal].cu: FA_HEAD_DIM (64 or
// 128) and FA_CAUSAL (true or false) come from the including file. Random
// Q, K, V of [4, 16, 4096, D] in bf16, O poisoned with NaN; one launch, the
// check, the timing and the BENCH line (GFLOP/s counting 4 * batch * heads
// * seq^2 * D, halved with the causal mask). alloy_flash_attention.hpp has
// the same host code with Alloy's types.
#include "cuda_bench.hpp"
#include "nvcc_flash_attention_kernel.cuh"

#include <cuda_bf16.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace fa {

constexpr int BATCH = 4, HEADS = 16, SEQ = 4096;

inline std::string bench_name(int d, bool causal) {
  return "flash_attention_d" + std::to_string(d) + (causal ? "_causal" : "");
}

// Normal-ish values of mean 0 and standard deviation 1, rounded to bf16:
// the sum of the four 16-bit fractions of one 64-bit draw (Irwin-Hall,
// n = 4: variance 1/3), centred and scaled by sqrt(3). Exact in float up
// to the last multiplication, so both programs get the same bits.
inline std::vector<__nv_bfloat16> random_bf16(size_t n, uint64_t seed) {
  bench::rng r(seed);
  std::vector<__nv_bfloat16> v(n);
  for (__nv_bfloat16 &x : v) {
    const uint64_t bits = r.next();
    float sum = 0.0f;
    for (int k = 0; k < 4; ++k)
      sum += float((bits >> (16 * k)) & 0xffffu);
    x = __float2bfloat16_rn((sum - 131070.0f) * (1.7320508f / 65536.0f));
  }
  return v;
}

// Every element of O must be written (no NaN: the poison), and 256 rows of
// O (query rows 0, 1, 63, 64, 127, 128 and the last of random heads, then
// random rows of random heads) must match a float64 reference computed
// from the same bf16 inputs, each element within 2e-2 of the largest
// |element| of its reference row. The expected error is below 1% of it:
// the output's bf16 rounding (half an ulp, up to 2^-8 relative), P rounded
// to bf16 before P V (up to 2^-8 relative per term, random signs),
// ex2.approx (2 ulp) and fp32 sums. Leaving out one tile of keys moves
// every row by 3.6% or more (8 to 10% on average) for these inputs; a mask
// off by one moves the first rows by far more.
inline bool check(const std::vector<__nv_bfloat16> &q,
                  const std::vector<__nv_bfloat16> &k,
                  const std::vector<__nv_bfloat16> &v,
                  const std::vector<__nv_bfloat16> &o, int d, bool causal) {
  auto f = [](__nv_bfloat16 x) { return double(__bfloat162float(x)); };
  size_t nan = 0;
  for (const __nv_bfloat16 &x : o)
    nan += std::isnan(__bfloat162float(x));
  bench::rng r(57);
  const int fixed[] = {0, 1, 63, 64, 127, 128, SEQ - 1};
  const double scale = 1.0 / std::sqrt(double(d));
  std::vector<double> p(SEQ), ref(d);
  double worst = 0;
  int bad = 0;
  for (int n = 0; n < 256; ++n) {
    const size_t bh = r.below(BATCH * HEADS);
    const int t = n < 7 ? fixed[n] : int(r.below(SEQ));
    const size_t head = bh * SEQ * d;
    const int keys = causal ? t + 1 : SEQ;
    double m = -INFINITY, sum = 0;
    for (int j = 0; j < keys; ++j) {
      double dot = 0;
      for (int c = 0; c < d; ++c)
        dot += f(q[head + size_t(t) * d + c]) * f(k[head + size_t(j) * d + c]);
      p[j] = dot * scale;
      m = std::max(m, p[j]);
    }
    for (int j = 0; j < keys; ++j)
      sum += p[j] = std::exp(p[j] - m);
    std::fill(ref.begin(), ref.end(), 0.0);
    for (int j = 0; j < keys; ++j)
      for (int c = 0; c < d; ++c)
        ref[c] += p[j] * f(v[head + size_t(j) * d + c]);
    double largest = 0;
    for (int c = 0; c < d; ++c)
      largest = std::max(largest, std::fabs(ref[c] /= sum));
    for (int c = 0; c < d; ++c) {
      const double got = f(o[head + size_t(t) * d + c]);
      const double err = std::fabs(got - ref[c]);
      if (!(err <= 2e-2 * largest)) {
        if (++bad <= 5)
          std::fprintf(stderr,
                       "O[head %zu][row %d][%d] = %g, expected %.6g "
                       "(tolerance %.3g)\n",
                       bh, t, c, got, ref[c], 2e-2 * largest);
      } else {
        worst = std::max(worst, err / largest);
      }
    }
  }
  std::fprintf(stderr,
               "check: 256 rows, %d elements wrong, %zu NaN in all of O "
               "(unwritten?), largest |error| / max|row| %.3g (tolerance "
               "2e-2)\n",
               bad, nan, worst);
  return bad == 0 && nan == 0;
}

inline int run() {
  constexpr int D = FA_HEAD_DIM;
  constexpr bool CAUSAL = FA_CAUSAL;
  const size_t n = size_t(BATCH) * HEADS * SEQ * D;
  const std::vector<__nv_bfloat16> hq = random_bf16(n, 71),
                                   hk = random_bf16(n, 72),
                                   hv = random_bf16(n, 73);
  bench::cuda_buffer<__nv_bfloat16> q(hq), k(hk), v(hv), o(n);
  CUDA_CHECK(cudaMemset(o.get(), 0xff, n * sizeof(__nv_bfloat16)));
  CUDA_CHECK((setup<D, CAUSAL>()));
  auto launch_once = [&] {
    launch<D, CAUSAL>(q.get(), k.get(), v.get(), o.get(), BATCH * HEADS, SEQ);
  };
  launch_once();
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  const bool ok = check(hq, hk, hv, o.to_host(), D, CAUSAL);
  const double us = bench::time_cuda(launch_once);
  const double flops =
      4.0 * BATCH * HEADS * double(SEQ) * SEQ * D * (CAUSAL ? 0.5 : 1.0);
  return bench::report(bench_name(D, CAUSAL), "nvcc", us, "GFLOP/s",
                       bench::gflops(flops, us), ok);
}

} // namespace fa

int main() { return fa::run(); }
