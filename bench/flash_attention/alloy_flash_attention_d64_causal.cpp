// flash_attention, head dimension 64, causal mask: the Alloy kernel
// (alloy_flash_attention.hpp), the twin of nvcc_flash_attention_d64_causal.cu.
#define FA_HEAD_DIM 64
#define FA_CAUSAL true
#include "alloy_flash_attention.hpp"
