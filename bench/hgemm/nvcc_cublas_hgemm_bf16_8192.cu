// hgemm, BF16 inputs, M = N = K = 8192: the cuBLAS reference
// (cublasGemmEx, fp32 compute).
#define HGEMM_T __nv_bfloat16
#define HGEMM_SIZE 8192
#include "nvcc_cublas_hgemm_main.cuh"
