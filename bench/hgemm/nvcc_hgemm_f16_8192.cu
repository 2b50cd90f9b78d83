// hgemm, FP16 inputs, M = N = K = 8192: the hand-written mma.sync kernel
// (nvcc_hgemm_kernel.cuh).
#define HGEMM_T __half
#define HGEMM_SIZE 8192
#include "nvcc_hgemm_main.cuh"
