// wgmma_attention, D = 128: the nvcc twin of
// alloy_wgmma_attention_d128.cpp. BENCH_SM90A: run.sh builds it for sm_90a.
#define FA_HEAD_DIM 128
#define FA_CAUSAL false
#include "nvcc_wgmma_attention_main.cuh"
