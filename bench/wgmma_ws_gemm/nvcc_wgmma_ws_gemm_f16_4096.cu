// wgmma_ws_gemm, f16 inputs, M = N = K = 4096: the nvcc twin of
// alloy_wgmma_ws_gemm_f16_4096.cpp. BENCH_SM90A: run.sh builds it for sm_90a.
#define WGMMA_T __half
#define WGMMA_SIZE 4096
#include "nvcc_wgmma_ws_gemm_main.cuh"
