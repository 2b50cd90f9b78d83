// The host side of bench/flash_attention shared by its Alloy and nvcc
// sides (plain C++, templates over the bf16 type: gpu::bfloat16 or
// __nv_bfloat16): the random inputs and the check of O.
#ifndef BENCH_COMMON_FLASH_ATTENTION_CHECK_HPP
#define BENCH_COMMON_FLASH_ATTENTION_CHECK_HPP

#include "timing.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

namespace bench {

// Normal-ish values of mean 0 and standard deviation 1, rounded to bf16 by
// `round` (float -> T, to nearest even): the sum of the four 16-bit
// fractions of one 64-bit draw (Irwin-Hall, n = 4: variance 1/3), centred
// and scaled by sqrt(3). Exact in float up to the last multiplication, so
// both programs get the same bits.
template <class T, class Round>
std::vector<T> random_bf16(size_t n, uint64_t seed, Round round) {
  rng r(seed);
  std::vector<T> v(n);
  for (T &x : v) {
    const uint64_t bits = r.next();
    float sum = 0.0f;
    for (int k = 0; k < 4; ++k)
      sum += float((bits >> (16 * k)) & 0xffffu);
    x = round((sum - 131070.0f) * (1.7320508f / 65536.0f));
  }
  return v;
}

// O = softmax(Q K^T / sqrt(d)) V (key <= query when causal), all of shape
// [batch_heads, seq, d]; `to_float` gives a T's value. Every element of O
// must be written (no NaN: the poison), and 256 rows of O (query rows 0, 1,
// 63, 64, 127, 128 and the last of random heads, then random rows of random
// heads) must match a float64 reference computed from the same bf16
// inputs, each element within 2e-2 of the largest |element| of its
// reference row. The expected error is below 1% of it: the output's bf16
// rounding (half an ulp, up to 2^-8 relative), P rounded to bf16 before
// P V (up to 2^-8 relative per term, random signs), ex2.approx (2 ulp) and
// fp32 sums. Leaving out one tile of keys moves every row by 3.6% or more
// (8 to 10% on average) for these inputs; a mask off by one moves the
// first rows by far more.
template <class T, class ToFloat>
bool check_flash_attention(const std::vector<T> &q, const std::vector<T> &k,
                           const std::vector<T> &v, const std::vector<T> &o,
                           int batch_heads, int seq, int d, bool causal,
                           ToFloat to_float) {
  auto f = [&](const T &x) { return double(to_float(x)); };
  size_t nan = 0;
  for (const T &x : o)
    nan += std::isnan(f(x));
  rng r(57);
  const int fixed[] = {0, 1, 63, 64, 127, 128, seq - 1};
  const double scale = 1.0 / std::sqrt(double(d));
  std::vector<double> p(seq), ref(d);
  double worst = 0;
  int bad = 0;
  for (int n = 0; n < 256; ++n) {
    const size_t bh = r.below(uint32_t(batch_heads));
    const int t = n < 7 ? fixed[n] : int(r.below(uint32_t(seq)));
    const size_t head = bh * seq * d;
    const int keys = causal ? t + 1 : seq;
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

} // namespace bench

#endif // BENCH_COMMON_FLASH_ATTENTION_CHECK_HPP
