// wgmma_attention, D = 128, causal: the Alloy kernel (alloy_wgmma_attention.hpp),
// the twin of nvcc_wgmma_attention_d128_causal.cu. BENCH_SM90A: built for sm_90a.
#define FA_HEAD_DIM 128
#define FA_CAUSAL true
#include "alloy_wgmma_attention.hpp"
