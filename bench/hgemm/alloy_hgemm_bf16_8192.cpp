// hgemm, BF16 inputs, M = N = K = 8192: the Alloy kernel (alloy_hgemm.hpp),
// the twin of nvcc_hgemm_bf16_8192.cu.
#define HGEMM_T gpu::bfloat16
#define HGEMM_SIZE 8192
#include "alloy_hgemm.hpp"
