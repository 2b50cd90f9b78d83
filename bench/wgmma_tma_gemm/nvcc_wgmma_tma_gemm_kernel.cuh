// wgmma_tma_gemm's CUDA side: the twin of alloy_wgmma_tma_gemm.hpp, the
// wgmma_gemm kernel (nvcc_wgmma_gemm_kernel.cuh, whose wgmma helpers it
// uses) with TMA loads completing on mbarriers in place of cp.async, in
// inline PTX (common/cuda_hopper.cuh). Built for sm_90a.
#ifndef BENCH_WGMMA_TMA_GEMM_NVCC_WGMMA_TMA_GEMM_KERNEL_CUH
#define BENCH_WGMMA_TMA_GEMM_NVCC_WGMMA_TMA_GEMM_KERNEL_CUH

#include "cuda_hopper.cuh"
#include "nvcc_wgmma_gemm_kernel.cuh"

namespace wgmma_tma_gemm {

using wgmma_gemm::BK;
using wgmma_gemm::BM;
using wgmma_gemm::BN;
using wgmma_gemm::GROUP_M;
using wgmma_gemm::LOOKAHEAD;
using wgmma_gemm::SMEM_BYTES;
using wgmma_gemm::STAGE_BYTES;
using wgmma_gemm::STAGES;
using wgmma_gemm::THREADS;
using wgmma_gemm::A_TILE_BYTES;

// Both boxes of a stage, announced on (and completing on) `bar`.
__device__ __forceinline__ void expect_and_load(uint32_t bar, uint32_t dst_a,
                                                uint32_t dst_b,
                                                const CUtensorMap *amap,
                                                const CUtensorMap *bmap, int x,
                                                int ya, int yb) {
  bench::mbarrier_expect_tx(bar, STAGE_BYTES);
  bench::tma_load_2d(dst_a, amap, x, ya, bar);
  bench::tma_load_2d(dst_b, bmap, x, yb, bar);
}

template <class T>
__global__ void __launch_bounds__(THREADS, 1)
    wgmma_tma_gemm_kernel(int M, int N, int K,
                          const __grid_constant__ CUtensorMap amap,
                          const __grid_constant__ CUtensorMap bmap, float *C) {
  extern __shared__ __align__(1024) unsigned char dyn[];
  __shared__ alignas(8) uint64_t full[STAGES];
  const uint32_t dyn_addr = uint32_t(__cvta_generic_to_shared(dyn));
  const uint32_t smem = (dyn_addr + 1023u) & ~1023u;
  const uint32_t bars = uint32_t(__cvta_generic_to_shared(full));

  const int tid = threadIdx.x;
  const int wg = __shfl_sync(0xffffffffu, tid / 128, 0);
  const int tiles_n = N / BN, tiles_m = M / BM;
  const int per_group = GROUP_M * tiles_n;
  const int bid = blockIdx.x;
  const int first_m = bid / per_group * GROUP_M;
  const int group_rows = min(tiles_m - first_m, GROUP_M);
  const int in_group = bid % per_group;
  const int tile_m = first_m + in_group % group_rows;
  const int tile_n = in_group / group_rows;

  auto load = [&](int kt, int stage) {
    const uint32_t base = smem + stage * STAGE_BYTES;
    expect_and_load(bars + 8 * stage, base, base + A_TILE_BYTES, &amap, &bmap,
                    kt * BK, tile_m * BM, tile_n * BN);
  };
  const int k_tiles = K / BK;
  if (tid == 0) {
    asm volatile("prefetch.tensormap [%0];" ::"l"(&amap) : "memory");
    asm volatile("prefetch.tensormap [%0];" ::"l"(&bmap) : "memory");
    for (int s = 0; s < STAGES; ++s)
      asm volatile("mbarrier.init.shared.b64 [%0], 1;" ::"r"(bars + 8 * s));
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  if (tid == 0)
    for (int s = 0; s < LOOKAHEAD && s < k_tiles; ++s)
      load(s, s);

  float acc[128]; // the first mma ignores it (scale-d 0), as in Alloy's
#pragma unroll
  for (int i = 0; i < 128; ++i)
    asm volatile("" : "=f"(acc[i])); // defined, no instruction
  int read_stage = 0, write_stage = LOOKAHEAD;
  for (int t = 0; t < k_tiles; ++t) {
    __syncthreads();
    if (tid == 0 && t + LOOKAHEAD < k_tiles)
      load(t + LOOKAHEAD, write_stage);
    bench::mbarrier_wait_parity(bars + 8 * read_stage,
                                uint32_t(t / STAGES) & 1u);
    const uint32_t a_tile = smem + read_stage * STAGE_BYTES + wg * 64 * 128;
    const uint32_t b_tile = smem + read_stage * STAGE_BYTES + A_TILE_BYTES;
    wgmma_gemm::wgmma_fence();
#pragma unroll
    for (int k = 0; k < BK; k += 16)
      wgmma_gemm::mma<T>(acc, wgmma_gemm::descriptor(a_tile + k * 2),
                         wgmma_gemm::descriptor(b_tile + k * 2), t > 0 || k > 0);
    wgmma_gemm::wgmma_commit();
    read_stage = read_stage + 1 == STAGES ? 0 : read_stage + 1;
    write_stage = write_stage + 1 == STAGES ? 0 : write_stage + 1;
    wgmma_gemm::wgmma_wait<1>();
  }
  wgmma_gemm::wgmma_wait<0>();
  wgmma_gemm::fence_operand(acc);

  const int t128 = tid % 128;
  const int row = t128 / 32 * 16 + t128 % 32 / 4;
  const int col = t128 % 4 * 2;
  float *c = C + size_t(tile_m * BM + wg * 64 + row) * N + tile_n * BN + col;
#pragma unroll
  for (int j = 0; j < BN / 8; ++j) {
    *reinterpret_cast<float2 *>(c + j * 8) = make_float2(acc[4 * j], acc[4 * j + 1]);
    *reinterpret_cast<float2 *>(c + size_t(8) * N + j * 8) =
        make_float2(acc[4 * j + 2], acc[4 * j + 3]);
  }
}

template <class T> cudaError_t setup() {
  return cudaFuncSetAttribute(wgmma_tma_gemm_kernel<T>,
                              cudaFuncAttributeMaxDynamicSharedMemorySize,
                              SMEM_BYTES);
}

} // namespace wgmma_tma_gemm

#endif // BENCH_WGMMA_TMA_GEMM_NVCC_WGMMA_TMA_GEMM_KERNEL_CUH
