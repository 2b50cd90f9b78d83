// wgmma_ws_gemm, e4m3 inputs, M = N = K = 8192: the nvcc twin of
// alloy_wgmma_ws_gemm_e4m3_8192.cpp. BENCH_SM90A: run.sh builds it for sm_90a.
#define WGMMA_T __nv_fp8_e4m3
#define WGMMA_SIZE 8192
#include "nvcc_wgmma_ws_gemm_main.cuh"
