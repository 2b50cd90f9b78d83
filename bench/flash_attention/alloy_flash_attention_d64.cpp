// flash_attention, head dimension 64, no mask: the Alloy kernel
// (alloy_flash_attention.hpp), the twin of nvcc_flash_attention_d64.cu.
#define FA_HEAD_DIM 64
#define FA_CAUSAL false
#include "alloy_flash_attention.hpp"
