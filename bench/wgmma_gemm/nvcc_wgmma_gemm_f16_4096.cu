// wgmma_gemm, FP16 inputs, M = N = K = 4096: the hand-written wgmma
// kernel (nvcc_wgmma_gemm_kernel.cuh). BENCH_SM90A: run.sh builds it with
// -arch=sm_90a.
#define WGMMA_T __half
#define WGMMA_SIZE 4096
#include "nvcc_wgmma_gemm_main.cuh"
