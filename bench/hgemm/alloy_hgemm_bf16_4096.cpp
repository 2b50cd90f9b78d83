// hgemm, BF16 inputs, M = N = K = 4096: the Alloy kernel (alloy_hgemm.hpp),
// the twin of nvcc_hgemm_bf16_4096.cu.
#define HGEMM_T gpu::bfloat16
#define HGEMM_SIZE 4096
#include "alloy_hgemm.hpp"
