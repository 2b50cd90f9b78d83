// wgmma_ws_gemm, bf16 inputs, M = N = K = 8192: the nvcc twin of
// alloy_wgmma_ws_gemm_bf16_8192.cpp. BENCH_SM90A: run.sh builds it for sm_90a.
#define WGMMA_T __nv_bfloat16
#define WGMMA_SIZE 8192
#include "nvcc_wgmma_ws_gemm_main.cuh"
