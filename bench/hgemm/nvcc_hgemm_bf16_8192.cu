// hgemm, BF16 inputs, M = N = K = 8192: the hand-written mma.sync kernel
// (nvcc_hgemm_kernel.cuh).
#define HGEMM_T __nv_bfloat16
#define HGEMM_SIZE 8192
#include "nvcc_hgemm_main.cuh"
