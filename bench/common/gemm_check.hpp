// The check of the half-precision matrix products (bench/hgemm,
// bench/wmma_gemm), shared by their Alloy and nvcc sides (plain C++).
//
// 4096 elements of C (the four corners, then random ones) against a float64
// dot product of the rounded inputs. Tolerance: 1e-5 times S = sum_k
// |A[i][k] B[k][j]|. The products of two fp16 or bf16 values are exact in
// fp32, so the error is the fp32 accumulation's: about K / 16 additions
// into the accumulator (one per mma, whose 16 products the tensor core sums
// with at least fp32 precision, possibly truncating), each off by at most
// 2^-23 of a partial sum, whose size is about sqrt(K) / 3 for inputs in
// [-1, 1), against S of about K / 4: even with every rounding error in one
// direction, about 2e-3 for K = 8192 (5e-4 for 4096), where the tolerance
// is 0.02 (0.01). A k16 slice dropped or read from the wrong place moves an
// element by about 1, one wrong term by about 0.25 on average: far above
// it. An element still holding the NaN poison fails, as does any NaN.
#ifndef BENCH_COMMON_GEMM_CHECK_HPP
#define BENCH_COMMON_GEMM_CHECK_HPP

#include "check.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace bench {

// The columns of row-major B (K x N) as rows, for contiguous dot products.
inline std::vector<float> columns_of(const std::vector<float> &b, int K,
                                     int N) {
  std::vector<float> bt(size_t(N) * K);
  for (int k0 = 0; k0 < K; k0 += 64)
    for (int j0 = 0; j0 < N; j0 += 64)
      for (int k = k0; k < std::min(K, k0 + 64); ++k)
        for (int j = j0; j < std::min(N, j0 + 64); ++j)
          bt[size_t(j) * K + k] = b[size_t(k) * N + j];
  return bt;
}

// a: M rows of K; bt: N columns of K (B's columns); c: M x N row-major.
// `tolerance` relative to sum |terms| (1e-5: fp16 and bf16, above).
inline bool check_half_gemm(const std::vector<float> &a,
                            const std::vector<float> &bt,
                            const std::vector<float> &c, int M, int N, int K,
                            double tolerance = 1e-5) {
  rng r(31);
  double worst = 0; // the largest |error| / S, reported on stderr
  int unwritten = 0, bad = 0;
  for (int t = 0; t < 4096; ++t) {
    size_t i = t < 4 ? (t & 1 ? M - 1 : 0) : r.below(uint32_t(M));
    size_t j = t < 4 ? (t & 2 ? N - 1 : 0) : r.below(uint32_t(N));
    const float *x = &a[i * K], *y = &bt[j * K];
    double ref = 0, s = 0;
    for (int k = 0; k < K; ++k) {
      double term = double(x[k]) * y[k];
      ref += term;
      s += std::fabs(term);
    }
    float got = c[i * N + j];
    double err = std::fabs(double(got) - ref);
    if (std::isnan(got))
      ++unwritten;
    else if (s > 0)
      worst = std::max(worst, err / s);
    if (!(err <= tolerance * s) && ++bad <= 5)
      std::fprintf(stderr,
                   "C[%zu][%zu] = %g, expected %.9g (|error| %g, tolerance "
                   "%g)\n",
                   i, j, got, ref, err, tolerance * s);
  }
  std::fprintf(stderr,
               "check: 4096 elements, %d wrong, %d NaN (unwritten?), largest "
               "|error| / sum|terms| %.3g (tolerance %g)\n",
               bad, unwritten, worst, tolerance);
  return bad == 0;
}

} // namespace bench

#endif // BENCH_COMMON_GEMM_CHECK_HPP
