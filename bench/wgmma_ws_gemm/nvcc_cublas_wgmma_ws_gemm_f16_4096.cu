// cuBLAS on wgmma_ws_gemm_f16_4096 (TN layout): run.sh's share of cuBLAS.
#define WGMMA_T __half
#define WGMMA_SIZE 4096
#include "nvcc_cublas_wgmma_ws_gemm_main.cuh"
