// wgmma_tma_gemm, FP16 inputs, M = N = K = 8192: the hand-written TMA + wgmma
// kernel (nvcc_wgmma_tma_gemm_kernel.cuh). BENCH_SM90A: run.sh builds it
// with -arch=sm_90a.
#define WGMMA_T __half
#define WGMMA_SIZE 8192
#include "nvcc_wgmma_tma_gemm_main.cuh"
