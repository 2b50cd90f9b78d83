// The main of nvcc_cublas_wgmma_ws_gemm_<type>_<size>.cu: cuBLAS on
// wgmma_ws_gemm's problem, for run.sh's share of cuBLAS. C = A * B^T with
// A[M][K] and B[N][K] row-major (the "TN" layout cuBLAS prefers), fp16 or
// bf16 in, fp32 out and accumulation, through cublasGemmEx.
#include "nvcc_wgmma_gemm_host.cuh"

#include <cublas_v2.h>

int main() {
  using T = WGMMA_T;
  wgmma_gemm::problem<T> p(WGMMA_SIZE, "wgmma_ws_gemm");
  const cudaDataType_t type =
      std::is_same_v<T, __half> ? CUDA_R_16F : CUDA_R_16BF;
  cublasHandle_t handle;
  CUBLAS_CHECK(cublasCreate(&handle));
  CUBLAS_CHECK(cublasSetStream(handle, 0));
  const float alpha = 1.0f, beta = 0.0f;
  // Column-major view: row-major C is C^T (N x M) = B (N x K) * A^T; the
  // row-major B[N][K] is the column-major K x N matrix B^T, so op T.
  int status = p.run("cublas", [&] {
    CUBLAS_CHECK(cublasGemmEx(handle, CUBLAS_OP_T, CUBLAS_OP_N, p.N, p.M, p.K,
                              &alpha, p.b.get(), type, p.K, p.a.get(), type,
                              p.K, &beta, p.c.get(), CUDA_R_32F, p.N,
                              CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
  });
  CUBLAS_CHECK(cublasDestroy(handle));
  return status;
}
