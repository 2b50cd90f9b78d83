// wgmma_ws_gemm, BF16 inputs, M = N = K = 8192: the Alloy kernel
// (alloy_wgmma_ws_gemm.hpp), the twin of nvcc_wgmma_ws_gemm_bf16_8192.cu.
// BENCH_SM90A: build.sh compiles it with --gpu-arch=sm_90a (wgmma).
#define WGMMA_T gpu::bfloat16
#define WGMMA_SIZE 8192
#include "alloy_wgmma_ws_gemm.hpp"
