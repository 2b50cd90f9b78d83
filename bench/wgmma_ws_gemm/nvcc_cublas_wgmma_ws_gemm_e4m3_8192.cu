// cuBLASLt on wgmma_ws_gemm_e4m3_8192 (FP8, TN layout): run.sh's share of
// cuBLAS.
#define WGMMA_SIZE 8192
#include "nvcc_cublaslt_fp8_gemm_main.cuh"
