// cuBLAS on wgmma_ws_gemm_bf16_8192 (TN layout): run.sh's share of cuBLAS.
#define WGMMA_T __nv_bfloat16
#define WGMMA_SIZE 8192
#include "nvcc_cublas_wgmma_ws_gemm_main.cuh"
