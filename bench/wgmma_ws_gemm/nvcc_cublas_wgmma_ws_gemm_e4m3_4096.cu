// cuBLASLt on wgmma_ws_gemm_e4m3_4096 (FP8, TN layout): run.sh's share of
// cuBLAS.
#define WGMMA_SIZE 4096
#include "nvcc_cublaslt_fp8_gemm_main.cuh"
