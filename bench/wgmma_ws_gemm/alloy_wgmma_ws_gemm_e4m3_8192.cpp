// wgmma_ws_gemm, FP8 (e4m3) inputs, M = N = K = 8192: the Alloy kernel
// (alloy_wgmma_ws_gemm.hpp, k tiles of 128, m64n256k32), the twin of
// nvcc_wgmma_ws_gemm_e4m3_8192.cu. BENCH_SM90A: built for sm_90a (wgmma).
#define WGMMA_T gpu::fp8_e4m3
#define WGMMA_SIZE 8192
#include "alloy_wgmma_ws_gemm.hpp"
