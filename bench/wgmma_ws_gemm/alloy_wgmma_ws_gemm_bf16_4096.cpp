// wgmma_ws_gemm, BF16 inputs, M = N = K = 4096: the Alloy kernel
// (alloy_wgmma_ws_gemm.hpp), the twin of nvcc_wgmma_ws_gemm_bf16_4096.cu.
// BENCH_SM90A: build.sh compiles it with --gpu-arch=sm_90a (wgmma).
#define WGMMA_T gpu::bfloat16
#define WGMMA_SIZE 4096
#include "alloy_wgmma_ws_gemm.hpp"
