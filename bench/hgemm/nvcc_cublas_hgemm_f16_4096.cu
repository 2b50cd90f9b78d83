// hgemm, FP16 inputs, M = N = K = 4096: the cuBLAS reference
// (cublasGemmEx, fp32 compute).
#define HGEMM_T __half
#define HGEMM_SIZE 4096
#include "nvcc_cublas_hgemm_main.cuh"
