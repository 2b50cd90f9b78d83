// hgemm's host side, shared by the hand-written kernel's programs and the
// cuBLAS references: the inputs, the poisoned output, the check and the
// result line. C[M][N] (float) = A[M][K] * B[K][N], all row-major, A and B
// __half or __nv_bfloat16.
#ifndef BENCH_HGEMM_NVCC_HGEMM_HOST_CUH
#define BENCH_HGEMM_NVCC_HGEMM_HOST_CUH

#include "cuda_bench.hpp"

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cmath>
#include <string>
#include <type_traits>
#include <vector>

namespace hgemm {

template <class T> const char *type_name() {
  return std::is_same_v<T, __half> ? "f16" : "bf16";
}

// "hgemm_f16_4096" and so on.
template <class T> std::string bench_name(int size) {
  return std::string("hgemm_") + type_name<T>() + "_" + std::to_string(size);
}

// Uniform in [-1, 1), rounded to T; `rounded` gets the T values back as
// floats, which the host reference uses (so that the check measures the
// product, not the inputs' rounding).
template <class T>
std::vector<T> random_matrix(size_t n, uint64_t seed,
                             std::vector<float> &rounded) {
  std::vector<float> f = bench::random_floats(n, -1.0f, 1.0f, seed);
  std::vector<T> v(n);
  rounded.resize(n);
  for (size_t i = 0; i < n; ++i) {
    if constexpr (std::is_same_v<T, __half>) {
      v[i] = __float2half_rn(f[i]);
      rounded[i] = __half2float(v[i]);
    } else {
      v[i] = __float2bfloat16_rn(f[i]);
      rounded[i] = __bfloat162float(v[i]);
    }
  }
  return v;
}

// 4096 elements of C (the four corners, then random ones) against a
// float64 dot product of the rounded inputs. Tolerance: 1e-5 times
// S = sum_k |A[i][k] B[k][j]|. The products of two fp16 or bf16 values are
// exact in fp32, so the error is the fp32 accumulation's: about K / 16
// additions into the accumulator (one per mma, whose 16 products the
// tensor core sums with at least fp32 precision, possibly truncating),
// each off by at most 2^-23 of a partial sum, whose size is about
// sqrt(K) / 3 for these inputs, against S of about K / 4: even with every
// rounding error in one direction, about 2e-3 for K = 8192 (5e-4 for
// 4096), where the tolerance is 0.02 (0.01). A k16 slice
// dropped or read from the wrong place moves an element by about 1, one
// wrong term by about 0.25 on average: far above it. An element still
// holding the NaN poison fails, as does any NaN.
inline bool check(const std::vector<float> &a, const std::vector<float> &b,
                  const std::vector<float> &c, int M, int N, int K) {
  // B's columns as rows, for contiguous dot products.
  std::vector<float> bt(size_t(N) * K);
  for (int k0 = 0; k0 < K; k0 += 64)
    for (int j0 = 0; j0 < N; j0 += 64)
      for (int k = k0; k < std::min(K, k0 + 64); ++k)
        for (int j = j0; j < std::min(N, j0 + 64); ++j)
          bt[size_t(j) * K + k] = b[size_t(k) * N + j];
  bench::rng r(31);
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
    if (std::isnan(got)) {
      ++unwritten;
    } else if (s > 0) {
      worst = std::max(worst, err / s);
    }
    if (!(err <= 1e-5 * s)) {
      if (++bad <= 5)
        std::fprintf(stderr, "C[%zu][%zu] = %g, expected %.9g (|error| %g, "
                     "tolerance %g)\n", i, j, got, ref, err, 1e-5 * s);
    }
  }
  std::fprintf(stderr,
               "check: 4096 elements, %d wrong, %d NaN (unwritten?), largest "
               "|error| / sum|terms| %.3g (tolerance 1e-5)\n",
               bad, unwritten, worst);
  return bad == 0;
}

// The problem of one program: random A and B on the device, C poisoned
// with NaN (all bits set) before the first run.
template <class T> struct problem {
  int M, N, K;
  std::vector<float> a_host, b_host; // the inputs as floats
  bench::cuda_buffer<T> a, b;
  bench::cuda_buffer<float> c;

  explicit problem(int size) : problem(size, size, size) {}
  problem(int m, int n, int k)
      : M(m), N(n), K(k),
        a(random_matrix<T>(size_t(M) * K, 41, a_host)),
        b(random_matrix<T>(size_t(K) * N, 42, b_host)), c(size_t(M) * N) {
    CUDA_CHECK(cudaMemset(c.get(), 0xff, size_t(M) * N * sizeof(float)));
  }

  // Runs `launch` once, checks C, times `launch` and prints the BENCH line;
  // returns the exit status.
  template <class Launch> int run(const char *impl, Launch &&launch) {
    launch();
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    bool ok = check(a_host, b_host, c.to_host(), M, N, K);
    double us = bench::time_cuda(launch);
    return bench::report(bench_name<T>(M), impl, us, "GFLOP/s",
                         bench::gflops(2.0 * M * N * K, us), ok);
  }
};

} // namespace hgemm

#endif // BENCH_HGEMM_NVCC_HGEMM_HOST_CUH
