// wgmma_ws_gemm, FP16 inputs, M = N = K = 4096: the Alloy kernel
// (alloy_wgmma_ws_gemm.hpp), the twin of nvcc_wgmma_ws_gemm_f16_4096.cu.
// BENCH_SM90A: build.sh compiles it with --gpu-arch=sm_90a (wgmma).
#define WGMMA_T gpu::half
#define WGMMA_SIZE 4096
#include "alloy_wgmma_ws_gemm.hpp"
