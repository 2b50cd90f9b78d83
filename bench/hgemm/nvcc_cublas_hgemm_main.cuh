// The main of nvcc_cublas_hgemm_<type>_<size>.cu: cuBLAS's share of hgemm.
// The same C = A * B (row-major, fp16 or bf16 inputs, fp32 output, the
// same inputs and check) through cublasGemmEx with fp32 compute
// (CUBLAS_COMPUTE_32F: tensor cores, fp32 accumulation), so that run.sh
// can say what fraction of cuBLAS's GFLOP/s the other kernels reach.
// Prints BENCH hgemm_<type>_<size> cublas ...; run.sh builds it with
// -lcublas. HGEMM_T and HGEMM_SIZE come from the including file.
#include "nvcc_hgemm_host.cuh"

#include <cublas_v2.h>

int main() {
  hgemm::problem<HGEMM_T> p(HGEMM_SIZE);
  const cudaDataType_t type =
      std::is_same_v<HGEMM_T, __half> ? CUDA_R_16F : CUDA_R_16BF;
  cublasHandle_t handle;
  CUBLAS_CHECK(cublasCreate(&handle));
  CUBLAS_CHECK(cublasSetStream(handle, 0));
  const float alpha = 1.0f, beta = 0.0f;
  // cuBLAS is column-major: a row-major X is its X^T. C^T = B^T A^T, so
  // computing B * A in column-major terms (N x K times K x M) writes C^T,
  // i.e. the row-major C, without any transpose.
  int status = p.run("cublas", [&] {
    CUBLAS_CHECK(cublasGemmEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, p.N, p.M, p.K,
                              &alpha, p.b.get(), type, p.N, p.a.get(), type,
                              p.K, &beta, p.c.get(), CUDA_R_32F, p.N,
                              CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
  });
  CUBLAS_CHECK(cublasDestroy(handle));
  return status;
}
