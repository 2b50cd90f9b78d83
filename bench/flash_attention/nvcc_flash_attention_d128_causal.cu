// flash_attention, head dimension 128, causal mask: the hand-written mma.sync
// kernel (nvcc_flash_attention_kernel.cuh).
#define FA_HEAD_DIM 128
#define FA_CAUSAL true
#include "nvcc_flash_attention_main.cuh"
