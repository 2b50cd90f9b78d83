// Host-side checks shared by both sides of a benchmark.
#ifndef BENCH_COMMON_CHECK_HPP
#define BENCH_COMMON_CHECK_HPP

#include "timing.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace bench {

// C = A * B (row-major, MxK times KxN): 256 random elements of C against a
// double-precision dot product, relative error < 1e-3.
inline bool check_gemm(const std::vector<float> &a, const std::vector<float> &b,
                       const std::vector<float> &c, int M, int N, int K) {
  rng r(6);
  for (int t = 0; t < 256; ++t) {
    size_t i = r.below(M), j = r.below(N);
    double ref = 0;
    for (size_t k = 0; k < size_t(K); ++k)
      ref += double(a[i * K + k]) * b[k * N + j];
    if (!(std::fabs(c[i * N + j] - ref) < 1e-3 * std::fabs(ref))) {
      std::fprintf(stderr, "C[%zu][%zu] = %g, expected %g\n", i, j,
                   c[i * N + j], ref);
      return false;
    }
  }
  return true;
}

// llm.c's softmax test input: uniform in [-1, 1), three entries of each
// row scaled by 20 so that the probabilities are not all tiny.
inline std::vector<float> softmax_input(size_t rows, size_t cols) {
  std::vector<float> v = random_floats(rows * cols, -1.0f, 1.0f, 18);
  rng r(19);
  for (size_t row = 0; row < rows; ++row)
    for (int k = 0; k < 3; ++k)
      v[row * cols + r.below(uint32_t(cols))] *= 20;
  return v;
}

// Row softmax of `in` (rows of `cols`): 512 random rows against a double
// reference, each element within 1e-5 of it, relative (1e-4 for the
// fast-math build).
inline bool check_softmax(const std::vector<float> &in,
                          const std::vector<float> &out, size_t cols) {
  const double rel_tol = bench::fast_math_or(1e-5, 1e-4);
  size_t rows = in.size() / cols;
  rng r(10);
  std::vector<double> e(cols);
  for (int t = 0; t < 512; ++t) {
    size_t row = t == 0 ? 0 : t == 1 ? rows - 1 : r.below(uint32_t(rows));
    const float *x = &in[row * cols];
    const float *y = &out[row * cols];
    double m = x[0], sum = 0;
    for (size_t i = 0; i < cols; ++i)
      m = std::max(m, double(x[i]));
    for (size_t i = 0; i < cols; ++i)
      sum += e[i] = std::exp(double(x[i]) - m);
    for (size_t i = 0; i < cols; ++i) {
      double ref = e[i] / sum;
      if (!(std::fabs(y[i] - ref) <= rel_tol * ref + 1e-30)) {
        std::fprintf(stderr, "row %zu col %zu: %g, expected %g\n", row, i, y[i],
                     ref);
        return false;
      }
    }
  }
  return true;
}

// All-pairs accelerations: pos and acc are n (x, y, z, w) quadruples
// (w: mass). 256 random bodies against a double reference, each within a
// relative error of 1e-3 (of the vector's length).
inline bool check_nbody(const float *pos, const float *acc, size_t n,
                        double eps2) {
  rng r(12);
  for (int t = 0; t < 256; ++t) {
    size_t i = r.below(uint32_t(n));
    double a[3] = {0, 0, 0};
    for (size_t j = 0; j < n; ++j) {
      double d[3], d2 = eps2;
      for (int c = 0; c < 3; ++c) {
        d[c] = double(pos[4 * j + c]) - pos[4 * i + c];
        d2 += d[c] * d[c];
      }
      double s = pos[4 * j + 3] / (d2 * std::sqrt(d2));
      for (int c = 0; c < 3; ++c)
        a[c] += d[c] * s;
    }
    double err = 0, len = 0;
    for (int c = 0; c < 3; ++c) {
      err += (acc[4 * i + c] - a[c]) * (acc[4 * i + c] - a[c]);
      len += a[c] * a[c];
    }
    if (!(std::sqrt(err) <= 1e-3 * std::sqrt(len))) {
      std::fprintf(stderr, "body %zu: error %g of %g\n", i, std::sqrt(err),
                   std::sqrt(len));
      return false;
    }
  }
  return true;
}

// Black-Scholes call and put prices: every 61st option against the same
// formula (with the same CDF polynomial) in double, within 1e-3.
inline bool
check_blackscholes(const std::vector<float> &S, const std::vector<float> &X,
                   const std::vector<float> &T, const std::vector<float> &call,
                   const std::vector<float> &put, double R, double V) {
  auto cnd = [](double d) {
    const double A1 = 0.31938153, A2 = -0.356563782, A3 = 1.781477937,
                 A4 = -1.821255978, A5 = 1.330274429;
    const double RSQRT2PI = 0.39894228040143267793994605993438;
    double k = 1.0 / (1.0 + 0.2316419 * std::fabs(d));
    double c = RSQRT2PI * std::exp(-0.5 * d * d) *
               (k * (A1 + k * (A2 + k * (A3 + k * (A4 + k * A5)))));
    return d > 0 ? 1.0 - c : c;
  };
  for (size_t i = 0; i < S.size(); i += 61) {
    double s = S[i], x = X[i], t = T[i], sqrt_t = std::sqrt(t);
    double d1 = (std::log(s / x) + (R + 0.5 * V * V) * t) / (V * sqrt_t);
    double d2 = d1 - V * sqrt_t;
    double exp_rt = std::exp(-R * t);
    double c = s * cnd(d1) - x * exp_rt * cnd(d2);
    double p = x * exp_rt * (1.0 - cnd(d2)) - s * (1.0 - cnd(d1));
    if (!(std::fabs(call[i] - c) < 1e-3 && std::fabs(put[i] - p) < 1e-3)) {
      std::fprintf(stderr, "option %zu: call %g put %g, expected %g %g\n", i,
                   call[i], put[i], c, p);
      return false;
    }
  }
  return true;
}

// One 5-point Jacobi step on an n x n grid, border copied: every point,
// within 1e-6 (the values are in [0, 1]).
inline bool check_stencil2d(const std::vector<float> &in,
                            const std::vector<float> &out, size_t n) {
  for (size_t y = 0; y < n; ++y)
    for (size_t x = 0; x < n; ++x) {
      size_t i = y * n + x;
      double ref = in[i];
      if (x > 0 && y > 0 && x < n - 1 && y < n - 1)
        ref = 0.5 * in[i] +
              0.125 * (double(in[i - 1]) + in[i + 1] + in[i - n] + in[i + n]);
      if (!(std::fabs(out[i] - ref) <= 1e-6)) {
        std::fprintf(stderr, "(%zu, %zu): %g, expected %g\n", y, x, out[i],
                     ref);
        return false;
      }
    }
  return true;
}

// The CUDA sample convolutionSeparable: rows then columns with the same
// taps, zero outside the image (the sample's convolutionRowCPU and
// convolutionColumnCPU); the relative L2 norm of the error under 1e-6, the
// sample's own test.
inline bool check_convolution_separable(const std::vector<float> &in,
                                        const std::vector<float> &taps,
                                        const std::vector<float> &out, int w,
                                        int h, int radius) {
  std::vector<double> rows(in.size());
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      double sum = 0;
      for (int k = -radius; k <= radius; ++k)
        if (x + k >= 0 && x + k < w)
          sum += double(in[size_t(y) * w + x + k]) * taps[radius - k];
      rows[size_t(y) * w + x] = float(sum);
    }
  double delta = 0, norm = 0;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      double sum = 0;
      for (int k = -radius; k <= radius; ++k)
        if (y + k >= 0 && y + k < h)
          sum += rows[size_t(y + k) * w + x] * taps[radius - k];
      double d = out[size_t(y) * w + x] - float(sum);
      delta += d * d;
      norm += sum * sum;
    }
  double l2 = std::sqrt(delta / norm);
  if (!(l2 <= 1e-6))
    std::fprintf(stderr, "relative L2 norm of the error: %g\n", l2);
  return l2 <= 1e-6;
}

// The CUDA sample quasirandomGenerator: point `pos` of dimension `dim` is
// (XOR of table[dim][bit] over the set bits of seed + pos, plus 1) scaled
// to (0, 1); every value exact.
inline bool check_quasirandom(const std::vector<unsigned> &table, int dims,
                              int resolution, const std::vector<float> &out,
                              unsigned n, unsigned seed) {
  const float scale = 1.0f / float(0x80000001U);
  for (int dim = 0; dim < dims; ++dim)
    for (unsigned pos = 0; pos < n; ++pos) {
      unsigned result = 0, data = seed + pos;
      for (int bit = 0; bit < resolution; ++bit, data >>= 1)
        if (data & 1)
          result ^= table[size_t(dim) * resolution + bit];
      float ref = float(result + 1) * scale;
      float got = out[size_t(dim) * n + pos];
      if (got != ref) {
        std::fprintf(stderr, "dimension %d, point %u: %g, expected %g\n", dim,
                     pos, got, ref);
        return false;
      }
    }
  return true;
}

// Moro's inverse of the cumulative normal distribution (the sample's
// MoroInvCNDcpu), in double.
inline double moro_inverse_cnd(unsigned x) {
  const double a[4] = {2.50662823884, -18.61500062529, 41.39119773534,
                       -25.44106049637};
  const double b[4] = {-8.4735109309, 23.08336743743, -21.06224101826,
                       3.13082909833};
  const double c[9] = {0.337475482272615,   0.976169019091719,
                       0.160797971491821,   2.76438810333863E-02,
                       3.8405729373609E-03, 3.951896511919E-04,
                       3.21767881768E-05,   2.888167364E-07,
                       3.960315187E-07};
  double p = (x + 0.5) / 4294967296.0, y = p - 0.5, z;
  if (std::fabs(y) < 0.42) {
    z = y * y;
    z = y * (((a[3] * z + a[2]) * z + a[1]) * z + a[0]) /
        ((((b[3] * z + b[2]) * z + b[1]) * z + b[0]) * z + 1.0);
  } else {
    z = std::log(-std::log(y > 0 ? 1 - p : p));
    double sum = c[8];
    for (int i = 7; i >= 0; --i)
      sum = c[i] + z * sum;
    z = y > 0 ? sum : -sum;
  }
  return z;
}

// The sample's inverseCND test: n evenly spaced samples, the L1 norm of
// the error relative to the reference under 1e-6.
inline bool check_inverse_cnd(const std::vector<float> &out, unsigned n) {
  const unsigned distance = unsigned(-1) / (n + 1);
  double delta = 0, norm = 0;
  for (unsigned pos = 0; pos < n; ++pos) {
    double ref = moro_inverse_cnd((pos + 1) * distance);
    delta += std::fabs(out[pos] - ref);
    norm += std::fabs(ref);
  }
  if (!(delta / norm < 1e-6))
    std::fprintf(stderr, "L1 norm of the error: %g\n", delta / norm);
  return delta / norm < 1e-6;
}

// The CUDA sample binomialOptions: European calls on a binomial tree of
// `steps` steps (the sample's binomialOptionsCPU, in double); the L1 norm
// of the error relative to the reference under 5e-4, the sample's test.
struct binomial_option {
  float S, X, T, R, V;
};
inline double binomial_call(const binomial_option &o, int steps) {
  const double dt = double(o.T) / steps, vDt = o.V * std::sqrt(dt),
               rDt = o.R * dt, If = std::exp(rDt), Df = std::exp(-rDt),
               u = std::exp(vDt), d = std::exp(-vDt), pu = (If - d) / (u - d),
               puByDf = pu * Df, pdByDf = (1.0 - pu) * Df;
  std::vector<double> call(steps + 1);
  for (int i = 0; i <= steps; ++i)
    call[i] = std::max(o.S * std::exp(vDt * (2.0 * i - steps)) - o.X, 0.0);
  for (int i = steps; i > 0; --i)
    for (int j = 0; j < i; ++j)
      call[j] = puByDf * call[j + 1] + pdByDf * call[j];
  return call[0];
}
inline bool check_binomial_options(const std::vector<binomial_option> &opts,
                                   const std::vector<float> &calls,
                                   int steps) {
  double delta = 0, norm = 0;
  for (size_t i = 0; i < opts.size(); ++i) {
    double ref = binomial_call(opts[i], steps);
    delta += std::fabs(calls[i] - ref);
    norm += ref;
  }
  if (!(delta / norm < 5e-4))
    std::fprintf(stderr, "L1 norm of the error: %g\n", delta / norm);
  return delta / norm < 5e-4;
}

// GELU, tanh approximation (llm.c's gelu_forward_cpu): every element,
// within 1e-5 (1e-3 for the fast-math build).
inline bool check_gelu(const std::vector<float> &in,
                       const std::vector<float> &out) {
  const double tol = bench::fast_math_or(1e-5, 1e-3);
  const float scale = std::sqrt(2.0f / float(M_PI));
  for (size_t i = 0; i < in.size(); ++i) {
    float x = in[i];
    float cube = 0.044715f * x * x * x;
    float ref = 0.5f * x * (1.0f + std::tanh(scale * (x + cube)));
    if (!(std::fabs(out[i] - ref) <= tol)) {
      std::fprintf(stderr, "gelu(%g) = %g, expected %g\n", x, out[i], ref);
      return false;
    }
  }
  return true;
}

// llm.c's layernorm forward (eps 1e-5, no bias correction) of rows of C
// floats: every row's mean and rstd and every output element against a
// double reference, within 1e-5 (1e-4 for the fast-math build) of it,
// relative to max(1, |reference|).
inline bool check_layernorm(const std::vector<float> &inp,
                            const std::vector<float> &weight,
                            const std::vector<float> &bias,
                            const std::vector<float> &out,
                            const std::vector<float> &mean,
                            const std::vector<float> &rstd, size_t C) {
  const double tol = bench::fast_math_or(1e-5, 1e-4);
  auto close = [&](double got, double ref) {
    return std::fabs(got - ref) <= tol * std::max(1.0, std::fabs(ref));
  };
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
    if (!close(mean[row], m) || !close(rstd[row], s)) {
      std::fprintf(stderr, "row %zu: mean %g rstd %g, expected %g %g\n", row,
                   mean[row], rstd[row], m, s);
      return false;
    }
    for (size_t i = 0; i < C; ++i) {
      double ref = s * (x[i] - m) * weight[i] + bias[i];
      if (!close(out[row * C + i], ref)) {
        std::fprintf(stderr, "row %zu col %zu: %g, expected %g\n", row, i,
                     out[row * C + i], ref);
        return false;
      }
    }
  }
  return true;
}

// llm.c's matmul forward, out = inp @ weight^T + bias with inp (BT, C),
// weight (OC, C), bias (OC), out (BT, OC), all row-major: 256 random
// elements of out against a double dot product, within 1e-5 of the sum of
// the absolute values of the terms (the inputs have either sign, so a
// relative bound on the result alone does not work near zero).
inline bool check_matmul_forward(const std::vector<float> &inp,
                                 const std::vector<float> &weight,
                                 const std::vector<float> &bias,
                                 const std::vector<float> &out, size_t BT,
                                 size_t C, size_t OC) {
  rng r(23);
  for (int t = 0; t < 256; ++t) {
    size_t i = t == 0 ? 0 : t == 1 ? BT - 1 : r.below(uint32_t(BT));
    size_t o = t == 0 ? 0 : t == 1 ? OC - 1 : r.below(uint32_t(OC));
    double ref = bias[o], scale = std::fabs(bias[o]);
    for (size_t k = 0; k < C; ++k) {
      double term = double(inp[i * C + k]) * weight[o * C + k];
      ref += term;
      scale += std::fabs(term);
    }
    if (!(std::fabs(out[i * OC + o] - ref) <= 1e-5 * scale)) {
      std::fprintf(stderr, "out[%zu][%zu] = %g, expected %g\n", i, o,
                   out[i * OC + o], ref);
      return false;
    }
  }
  return true;
}

// llm.c's causal self-attention forward: inp is (B, T, 3C) (Q, K, V; NH
// heads of C / NH), att (B, NH, T, T) the softmax of q.k / sqrt(hs) over
// t2 <= t and 0 above the diagonal, out (B, T, C) = att @ v. 256 (b, t, h)
// rows (the first and last position included, the rest random) against a
// double reference: every att element of the row within tol of it
// (relative; exactly 0 above the diagonal), and every out element of the
// head within tol of the sum of the absolute values of its terms.
inline bool check_attention(const std::vector<float> &inp,
                            const std::vector<float> &att,
                            const std::vector<float> &out, size_t B, size_t T,
                            size_t C, size_t NH, double tol) {
  size_t C3 = 3 * C, hs = C / NH;
  double scale = 1.0 / std::sqrt(double(hs));
  std::vector<double> p(T);
  rng r(24);
  for (int n = 0; n < 256; ++n) {
    size_t b = r.below(uint32_t(B)), h = r.below(uint32_t(NH));
    size_t t = n == 0 ? 0 : n == 1 ? T - 1 : r.below(uint32_t(T));
    const float *q = &inp[b * T * C3 + t * C3 + h * hs];
    double maxval = -INFINITY, sum = 0;
    for (size_t t2 = 0; t2 <= t; ++t2) {
      const float *k = &inp[b * T * C3 + t2 * C3 + h * hs + C];
      double dot = 0;
      for (size_t i = 0; i < hs; ++i)
        dot += double(q[i]) * k[i];
      p[t2] = dot * scale;
      maxval = std::max(maxval, p[t2]);
    }
    for (size_t t2 = 0; t2 <= t; ++t2)
      sum += p[t2] = std::exp(p[t2] - maxval);
    const float *a = &att[((b * NH + h) * T + t) * T];
    for (size_t t2 = 0; t2 < T; ++t2) {
      double ref = t2 <= t ? p[t2] / sum : 0.0;
      if (!(std::fabs(a[t2] - ref) <= tol * ref)) {
        std::fprintf(stderr, "att[%zu][%zu][%zu][%zu] = %g, expected %g\n", b,
                     h, t, t2, a[t2], ref);
        return false;
      }
    }
    for (size_t i = 0; i < hs; ++i) {
      double ref = 0, abs_sum = 0;
      for (size_t t2 = 0; t2 <= t; ++t2) {
        double term =
            p[t2] / sum * inp[b * T * C3 + t2 * C3 + h * hs + 2 * C + i];
        ref += term;
        abs_sum += std::fabs(term);
      }
      float got = out[b * T * C + t * C + h * hs + i];
      if (!(std::fabs(got - ref) <= tol * abs_sum)) {
        std::fprintf(stderr, "out[%zu][%zu][%zu] = %g, expected %g\n", b, t,
                     h * hs + i, got, ref);
        return false;
      }
    }
  }
  return true;
}

} // namespace bench

#endif // BENCH_COMMON_CHECK_HPP
