// cuBLAS's share of sgemm_regblock: the same C = A * B for 4096x4096
// row-major floats (the same inputs and check), computed by cublasSgemm in
// fp32 (CUBLAS_DEFAULT_MATH: no TF32 tensor cores), so that run.sh can say
// what fraction of cuBLAS's GFLOP/s the Alloy kernel reaches. Prints
// BENCH sgemm_regblock cublas ...; run.sh builds it with -lcublas.
#include "cuda_bench.hpp"

#include <cublas_v2.h>

int main() {
  int M = 4096, N = 4096, K = 4096;
  auto ha = bench::random_floats(size_t(M) * K, 0.0f, 1.0f, 4);
  auto hb = bench::random_floats(size_t(K) * N, 0.0f, 1.0f, 5);
  bench::cuda_buffer<float> a(ha), b(hb), c(size_t(M) * N);
  cublasHandle_t handle;
  CUBLAS_CHECK(cublasCreate(&handle));
  CUBLAS_CHECK(cublasSetMathMode(handle, CUBLAS_DEFAULT_MATH));
  CUBLAS_CHECK(cublasSetStream(handle, 0));
  const float alpha = 1.0f, beta = 0.0f;
  // cuBLAS is column-major: a row-major X is its X^T. C^T = B^T A^T, so
  // computing B * A in column-major terms (N x K times K x M) writes C^T,
  // i.e. the row-major C, without any transpose.
  auto launch = [&] {
    CUBLAS_CHECK(cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &alpha,
                             b.get(), N, a.get(), K, &beta, c.get(), N));
  };
  launch();
  auto hc = c.to_host();
  bool ok = bench::check_gemm(ha, hb, hc, M, N, K);
  double us = bench::time_cuda(launch);
  CUBLAS_CHECK(cublasDestroy(handle));
  return bench::report("sgemm_regblock", "cublas", us, "GFLOP/s",
                       bench::gflops(2.0 * M * N * K, us), ok);
}
