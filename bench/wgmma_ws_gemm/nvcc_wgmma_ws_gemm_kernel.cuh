// wgmma_ws_gemm's CUDA side: the twin of alloy_wgmma_ws_gemm.hpp (a
// warp-specialized, persistent TMA + wgmma GEMM: one producer warpgroup,
// two consumers, full/empty mbarriers per stage), in inline PTX over
// wgmma_gemm's and wgmma_tma_gemm's helpers. Built for sm_90a.
#ifndef BENCH_WGMMA_WS_GEMM_NVCC_WGMMA_WS_GEMM_KERNEL_CUH
#define BENCH_WGMMA_WS_GEMM_NVCC_WGMMA_WS_GEMM_KERNEL_CUH

#include "nvcc_wgmma_tma_gemm_kernel.cuh"

namespace wgmma_ws_gemm {

using wgmma_gemm::A_TILE_BYTES;
using wgmma_gemm::BM;
using wgmma_gemm::BN;
using wgmma_gemm::GROUP_M;
using wgmma_gemm::SMEM_BYTES;
using wgmma_gemm::STAGE_BYTES;
using wgmma_gemm::STAGES;
constexpr int THREADS = 384;
constexpr int TILE_ROW_BYTES = 128; // a k tile's row: one 128-byte swizzle row
template <class T> constexpr int BK = TILE_ROW_BYTES / int(sizeof(T));

struct tile_coord {
  int m, n;
};
__device__ __forceinline__ tile_coord tile_at(int tile, int tiles_m,
                                              int tiles_n) {
  const int per_group = GROUP_M * tiles_n;
  const int first_m = tile / per_group * GROUP_M;
  const int group_rows = min(tiles_m - first_m, GROUP_M);
  const int in_group = tile % per_group;
  return {first_m + in_group % group_rows, in_group / group_rows};
}

template <class T>
__global__ void __launch_bounds__(THREADS, 1)
    wgmma_ws_gemm_kernel(int M, int N, int K,
                         const __grid_constant__ CUtensorMap amap,
                         const __grid_constant__ CUtensorMap bmap, float *C) {
  constexpr int BK = wgmma_ws_gemm::BK<T>;
  extern __shared__ __align__(1024) unsigned char dyn[];
  __shared__ alignas(8) uint64_t full[STAGES];
  __shared__ alignas(8) uint64_t empty[STAGES];
  const uint32_t dyn_addr = uint32_t(__cvta_generic_to_shared(dyn));
  const uint32_t smem = (dyn_addr + 1023u) & ~1023u;
  const uint32_t full_bars = uint32_t(__cvta_generic_to_shared(full));
  const uint32_t empty_bars = uint32_t(__cvta_generic_to_shared(empty));

  const int tid = threadIdx.x;
  const int wg = __shfl_sync(0xffffffffu, tid / 128, 0);
  const int tiles_m = M / BM, tiles_n = N / BN, tiles = tiles_m * tiles_n;
  const int first = blockIdx.x, step = gridDim.x;
  const int k_tiles = K / BK;

  if (tid == 0) {
    asm volatile("prefetch.tensormap [%0];" ::"l"(&amap) : "memory");
    asm volatile("prefetch.tensormap [%0];" ::"l"(&bmap) : "memory");
    for (int s = 0; s < STAGES; ++s) {
      asm volatile("mbarrier.init.shared.b64 [%0], 1;" ::"r"(full_bars + 8 * s));
      asm volatile("mbarrier.init.shared.b64 [%0], 2;" ::"r"(empty_bars + 8 * s));
    }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();

  if (wg == 0) {
    asm volatile("setmaxnreg.dec.sync.aligned.u32 40;");
    if (tid != 0)
      return;
    int stage = 0;
    uint32_t phase = 0;
    for (int tile = first; tile < tiles; tile += step) {
      const tile_coord tc = tile_at(tile, tiles_m, tiles_n);
      for (int kt = 0; kt < k_tiles; ++kt) {
        bench::mbarrier_wait_parity(empty_bars + 8 * stage, phase ^ 1u);
        const uint32_t base = smem + stage * STAGE_BYTES;
        wgmma_tma_gemm::expect_and_load(full_bars + 8 * stage, base,
                                        base + A_TILE_BYTES, &amap, &bmap,
                                        kt * BK, tc.m * BM, tc.n * BN);
        if (++stage == STAGES) {
          stage = 0;
          phase ^= 1u;
        }
      }
    }
    return;
  }

  asm volatile("setmaxnreg.inc.sync.aligned.u32 232;");
  const int rows = (wg - 1) * 64;
  const bool signals = tid % 128 == 0;
  const int t128 = tid % 128;
  const int row = t128 / 32 * 16 + t128 % 32 / 4;
  const int col = t128 % 4 * 2;
  int stage = 0;
  uint32_t phase = 0;
  for (int tile = first; tile < tiles; tile += step) {
    const tile_coord tc = tile_at(tile, tiles_m, tiles_n);
    float acc[128]; // the first mma ignores it (scale-d 0), as in Alloy's
#pragma unroll
    for (int i = 0; i < 128; ++i)
      asm volatile("" : "=f"(acc[i]));
    int previous = 0;
    for (int kt = 0; kt < k_tiles; ++kt) {
      bench::mbarrier_wait_parity(full_bars + 8 * stage, phase);
      const uint32_t a_tile = smem + stage * STAGE_BYTES + rows * 128;
      const uint32_t b_tile = smem + stage * STAGE_BYTES + A_TILE_BYTES;
      wgmma_gemm::wgmma_fence();
#pragma unroll
      for (int kb = 0; kb < TILE_ROW_BYTES; kb += 32) // k16 or k32 slices
        wgmma_gemm::mma<T>(acc, wgmma_gemm::descriptor(a_tile + kb),
                           wgmma_gemm::descriptor(b_tile + kb),
                           kt > 0 || kb > 0);
      wgmma_gemm::wgmma_commit();
      wgmma_gemm::wgmma_wait<1>();
      if (kt > 0 && signals)
        bench::mbarrier_arrive(empty_bars + 8 * previous);
      previous = stage;
      if (++stage == STAGES) {
        stage = 0;
        phase ^= 1u;
      }
    }
    wgmma_gemm::wgmma_wait<0>();
    wgmma_gemm::fence_operand(acc);
    if (signals)
      bench::mbarrier_arrive(empty_bars + 8 * previous);

    float *c = C + size_t(tc.m * BM + rows + row) * N + tc.n * BN + col;
#pragma unroll
    for (int j = 0; j < BN / 8; ++j) {
      *reinterpret_cast<float2 *>(c + j * 8) =
          make_float2(acc[4 * j], acc[4 * j + 1]);
      *reinterpret_cast<float2 *>(c + size_t(8) * N + j * 8) =
          make_float2(acc[4 * j + 2], acc[4 * j + 3]);
    }
  }
}

template <class T> cudaError_t setup() {
  return cudaFuncSetAttribute(wgmma_ws_gemm_kernel<T>,
                              cudaFuncAttributeMaxDynamicSharedMemorySize,
                              SMEM_BYTES);
}

} // namespace wgmma_ws_gemm

#endif // BENCH_WGMMA_WS_GEMM_NVCC_WGMMA_WS_GEMM_KERNEL_CUH
