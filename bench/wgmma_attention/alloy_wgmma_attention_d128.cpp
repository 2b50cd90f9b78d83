// wgmma_attention, D = 128: the Alloy kernel (alloy_wgmma_attention.hpp),
// the twin of nvcc_wgmma_attention_d128.cu. BENCH_SM90A: built for sm_90a.
#define FA_HEAD_DIM 128
#define FA_CAUSAL false
#include "alloy_wgmma_attention.hpp"
