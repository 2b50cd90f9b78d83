// flash_attention, head dimension 128, no mask: the hand-written mma.sync
// kernel (nvcc_flash_attention_kernel.cuh).
#define FA_HEAD_DIM 128
#define FA_CAUSAL false
#include "nvcc_flash_attention_main.cuh"
