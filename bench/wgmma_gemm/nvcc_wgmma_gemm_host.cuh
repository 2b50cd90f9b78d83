// wgmma_gemm's host side for nvcc: the inputs, the poisoned output, the
// check and the result line. C[M][N] (float) = A[M][K] * B[N][K]^T, A and B
// row-major __half or __nv_bfloat16 (the inputs of alloy_wgmma_gemm.hpp).
#ifndef BENCH_WGMMA_GEMM_NVCC_WGMMA_GEMM_HOST_CUH
#define BENCH_WGMMA_GEMM_NVCC_WGMMA_GEMM_HOST_CUH

#include "cuda_bench.hpp"
#include "gemm_check.hpp"
#include "output_hash.hpp"

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>

#include <string>
#include <type_traits>
#include <vector>

namespace wgmma_gemm {

template <class T> const char *type_name() {
  if constexpr (std::is_same_v<T, __nv_fp8_e4m3>)
    return "e4m3";
  else
    return std::is_same_v<T, __half> ? "f16" : "bf16";
}
// check_half_gemm's tolerance: looser for fp8, whose wgmma accumulates
// with fewer bits (common/half_gemm_inputs.hpp says more).
template <class T> constexpr double tolerance() {
  return std::is_same_v<T, __nv_fp8_e4m3> ? 1e-3 : 1e-5;
}
template <class T>
std::string bench_name(int size, const char *prefix = "wgmma_gemm") {
  return std::string(prefix) + "_" + type_name<T>() + "_" +
         std::to_string(size);
}

// Uniform in [-1, 1), rounded to T; `rounded` gets the T values as floats.
template <class T>
std::vector<T> random_matrix(size_t n, uint64_t seed,
                             std::vector<float> &rounded) {
  std::vector<float> f = bench::random_floats(n, -1.0f, 1.0f, seed);
  std::vector<T> v(n);
  rounded.resize(n);
  for (size_t i = 0; i < n; ++i) {
    if constexpr (std::is_same_v<T, __nv_fp8_e4m3>) {
      v[i] = __nv_fp8_e4m3(f[i]); // round to nearest even, saturating
      rounded[i] = float(v[i]);
    } else if constexpr (std::is_same_v<T, __half>) {
      v[i] = __float2half_rn(f[i]);
      rounded[i] = __half2float(v[i]);
    } else {
      v[i] = __float2bfloat16_rn(f[i]);
      rounded[i] = __bfloat162float(v[i]);
    }
  }
  return v;
}

// Random A (M x K) and B (N x K), C poisoned with NaN (all bits set).
// `prefix` names the benchmark (<prefix>_<type>_<size>).
template <class T> struct problem {
  int M, N, K;
  const char *prefix;
  std::vector<float> a_host, b_host;
  bench::cuda_buffer<T> a, b;
  bench::cuda_buffer<float> c;

  explicit problem(int size, const char *prefix = "wgmma_gemm")
      : M(size), N(size), K(size), prefix(prefix),
        a(random_matrix<T>(size_t(M) * K, 41, a_host)),
        b(random_matrix<T>(size_t(N) * K, 42, b_host)), c(size_t(M) * N) {
    CUDA_CHECK(cudaMemset(c.get(), 0xff, size_t(M) * N * sizeof(float)));
  }

  // One run, the check, the hashes, the timing and the BENCH line.
  template <class Launch> int run(const char *impl, Launch &&launch) {
    launch();
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    std::vector<float> c_host = c.to_host();
    bool ok = bench::check_half_gemm(a_host, b_host, c_host, M, N, K,
                                     tolerance<T>());
    bench::print_input_hash(a_host, b_host);
    bench::print_output_hash(bench_name<T>(M, prefix), impl, c_host);
    double us = bench::time_cuda(launch);
    return bench::report(bench_name<T>(M, prefix), impl, us, "GFLOP/s",
                         bench::gflops(2.0 * M * N * K, us), ok);
  }
};

} // namespace wgmma_gemm

#endif // BENCH_WGMMA_GEMM_NVCC_WGMMA_GEMM_HOST_CUH
