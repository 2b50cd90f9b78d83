// The host side shared by both programs of each llmc_bf16 benchmark: bf16
// rounding, random bf16 inputs and the element checks. Plain C++17 with no
// CUDA or Alloy header, so that nvcc and alloy++ both include it; named
// nvcc_*.cuh so that bench/build.sh copies it next to the CUDA sources.
//
// bf16 values travel here as their bits (uint16_t); each program copies
// them into its own type (__nv_bfloat16, gpu::bfloat16) with
// from_bits<T>/to_bits.
#ifndef BENCH_LLMC_BF16_NVCC_LLMC_BF16_HOST_CUH
#define BENCH_LLMC_BF16_NVCC_LLMC_BF16_HOST_CUH

#include "timing.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

namespace llmc_bf16 {

// float -> bf16, rounded to nearest even (NaN: 0x7fff), as
// __float2bfloat16 and gpu::bfloat16(float).
inline uint16_t bf16_bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  if ((u & 0x7fffffffu) > 0x7f800000u)
    return 0x7fff;
  u += 0x7fffu + ((u >> 16) & 1u);
  return uint16_t(u >> 16);
}
// bf16 -> float, exact.
inline float bf16_float(uint16_t bits) {
  uint32_t u = uint32_t(bits) << 16;
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

// Copies between the bits and a program's 2-byte bf16 type.
template <class T> std::vector<T> from_bits(const std::vector<uint16_t> &b) {
  static_assert(sizeof(T) == 2, "a bf16 type");
  std::vector<T> v(b.size());
  std::memcpy(static_cast<void *>(v.data()), b.data(), 2 * b.size());
  return v;
}
template <class T> std::vector<uint16_t> to_bits(const std::vector<T> &v) {
  static_assert(sizeof(T) == 2, "a bf16 type");
  std::vector<uint16_t> b(v.size());
  std::memcpy(b.data(), static_cast<const void *>(v.data()), 2 * v.size());
  return b;
}

// n values uniform in [lo, hi) rounded to bf16: their bits, and in
// `rounded` their exact values as floats (what the host reference uses,
// so that the check measures the kernel, not the inputs' rounding).
inline std::vector<uint16_t> random_bf16(size_t n, float lo, float hi,
                                         uint64_t seed,
                                         std::vector<float> &rounded) {
  std::vector<float> f = bench::random_floats(n, lo, hi, seed);
  std::vector<uint16_t> bits(n);
  rounded.resize(n);
  for (size_t i = 0; i < n; ++i) {
    bits[i] = bf16_bits(f[i]);
    rounded[i] = bf16_float(bits[i]);
  }
  return bits;
}

// The spacing of bf16 values at |x|: 2^(e-7) for |x| in [2^e, 2^(e+1)),
// and the subnormals' 2^-133 below 2^-126.
inline double bf16_ulp(double x) {
  x = std::fabs(x);
  if (!(x >= 0x1p-126))
    return 0x1p-133;
  int e;
  std::frexp(x, &e); // x = m 2^e, m in [0.5, 1)
  return std::ldexp(1.0, e - 8);
}

// Element checks: `got` (a bf16 output as a float, or a float output)
// against a double reference, within `ulps` bf16 ulps of the reference
// plus `extra` (the absolute error the fp32 computation may add before the
// final rounding). A NaN (the poison: an element never written) fails.
// Prints the first 5 failures and a summary line to stderr.
class checker {
public:
  checker(const char *what, double ulps) : what_(what), ulps_(ulps) {}
  void operator()(size_t i, double got, double ref, double extra) {
    double err = std::fabs(got - ref);
    double tol = ulps_ * bf16_ulp(ref) + extra;
    count(got, err, tol);
    if (!(err <= tol) && ++bad_ <= 5)
      std::fprintf(stderr,
                   "%s[%zu] = %.9g, expected %.9g (|error| %.3g, "
                   "tolerance %.3g)\n",
                   what_, i, got, ref, err, tol);
  }
  // A float output (mean, rstd): within rel * max(1, |ref|).
  void absolute(size_t i, double got, double ref, double rel) {
    double err = std::fabs(got - ref);
    double tol = rel * std::max(1.0, std::fabs(ref));
    count(got, err, tol);
    if (!(err <= tol) && ++bad_ <= 5)
      std::fprintf(stderr, "%s[%zu] = %.9g, expected %.9g (tolerance %.3g)\n",
                   what_, i, got, ref, tol);
  }
  bool ok() const {
    std::fprintf(stderr,
                 "check %s: %zu elements, %zu wrong, %zu NaN (unwritten?), "
                 "largest |error| / tolerance %.3g\n",
                 what_, count_, bad_, nan_, worst_);
    return count_ > 0 && bad_ == 0;
  }

private:
  void count(double got, double err, double tol) {
    ++count_;
    if (std::isnan(got))
      ++nan_;
    else if (tol > 0)
      worst_ = std::max(worst_, err / tol);
  }

  const char *what_;
  double ulps_;
  size_t count_ = 0, bad_ = 0, nan_ = 0;
  double worst_ = 0;
};

// --- The four kernels' references ------------------------------------------
// Inputs are the rounded floats; outputs the bits the GPU wrote.

// encoder_forward: out[b][t][c] = wte[inp[b][t]][c] + wpe[t][c]. The sum of
// two bf16 values is exact in fp32, so the result is one rounding off:
// within 1 ulp (0.5 expected).
inline bool check_encoder(const std::vector<uint16_t> &out,
                          const std::vector<int> &inp,
                          const std::vector<float> &wte,
                          const std::vector<float> &wpe, int B, int T, int C) {
  checker check("out", 1.0);
  for (int b = 0; b < B; ++b)
    for (int t = 0; t < T; ++t) {
      size_t bt = size_t(b) * T + t;
      const float *w = &wte[size_t(inp[bt]) * C];
      const float *p = &wpe[size_t(t) * C];
      for (int c = 0; c < C; ++c)
        check(bt * C + c, bf16_float(out[bt * C + c]), double(w[c]) + p[c],
              0.0);
    }
  return check.ok();
}

// gelu_forward, the tanh approximation (llm.c's gelu_forward_cpu), in
// double. The kernel computes in fp32 (tanhf: 2 float ulps) and rounds once
// to bf16: within 2 bf16 ulps. With fast math tanhf becomes
// tanh.approx.f32 (relative error 2^-10.987), which moves the result by up
// to 0.5 |x| |tanh| 2^-10.987 < 2.5e-4 |x|: 1e-3 |x| more is allowed.
inline bool check_gelu(const std::vector<uint16_t> &out,
                       const std::vector<float> &inp) {
  const double fast = bench::fast_math_or(0.0, 1e-3);
  const double scale = std::sqrt(2.0 / M_PI);
  checker check("out", 2.0);
  for (size_t i = 0; i < inp.size(); ++i) {
    double x = inp[i];
    double ref = 0.5 * x * (1.0 + std::tanh(scale * (x + 0.044715 * x * x * x)));
    check(i, bf16_float(out[i]), ref, fast * std::fabs(x));
  }
  return check.ok();
}

// residual_forward: out = inp1 + inp2, exact in fp32, one rounding: within
// 1 ulp (0.5 expected).
inline bool check_residual(const std::vector<uint16_t> &out,
                           const std::vector<float> &inp1,
                           const std::vector<float> &inp2) {
  checker check("out", 1.0);
  for (size_t i = 0; i < out.size(); ++i)
    check(i, bf16_float(out[i]), double(inp1[i]) + inp2[i], 0.0);
  return check.ok();
}

// layernorm_forward (eps 1e-5, biased variance) of rows of C: mean and rstd
// (float) within 1e-5 of the double reference relative to max(1, |ref|)
// (1e-4 with fast math), as bench/common's check_layernorm; out (bf16)
// within 2 ulps of it plus 1e-5 (1e-4) of max(1, |n w| + |b|), the fp32
// error before the rounding.
inline bool check_layernorm(const std::vector<uint16_t> &out,
                            const std::vector<float> &mean,
                            const std::vector<float> &rstd,
                            const std::vector<float> &inp,
                            const std::vector<float> &weight,
                            const std::vector<float> &bias, size_t C) {
  const double tol = bench::fast_math_or(1e-5, 1e-4);
  checker check_out("out", 2.0), check_mean("mean", 0.0),
      check_rstd("rstd", 0.0);
  size_t rows = inp.size() / C;
  for (size_t row = 0; row < rows; ++row) {
    const float *x = &inp[row * C];
    double m = 0, v = 0;
    for (size_t i = 0; i < C; ++i)
      m += x[i];
    m /= double(C);
    for (size_t i = 0; i < C; ++i)
      v += (x[i] - m) * (x[i] - m);
    double s = 1.0 / std::sqrt(v / double(C) + 1e-5);
    check_mean.absolute(row, mean[row], m, tol);
    check_rstd.absolute(row, rstd[row], s, tol);
    for (size_t i = 0; i < C; ++i) {
      double nw = s * (x[i] - m) * weight[i];
      double scale = std::max(1.0, std::fabs(nw) + std::fabs(bias[i]));
      check_out(row * C + i, bf16_float(out[row * C + i]), nw + bias[i],
                tol * scale);
    }
  }
  bool ok_mean = check_mean.ok(), ok_rstd = check_rstd.ok();
  return check_out.ok() && ok_mean && ok_rstd;
}

} // namespace llmc_bf16

#endif // BENCH_LLMC_BF16_NVCC_LLMC_BF16_HOST_CUH
