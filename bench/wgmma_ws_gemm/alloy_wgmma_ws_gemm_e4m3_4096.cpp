// wgmma_ws_gemm, FP8 (e4m3) inputs, M = N = K = 4096: the Alloy kernel
// (alloy_wgmma_ws_gemm.hpp, k tiles of 128, m64n256k32), the twin of
// nvcc_wgmma_ws_gemm_e4m3_4096.cu. BENCH_SM90A: built for sm_90a (wgmma).
#define WGMMA_T gpu::fp8_e4m3
#define WGMMA_SIZE 4096
#include "alloy_wgmma_ws_gemm.hpp"
