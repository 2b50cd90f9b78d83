// wgmma_tma_gemm's CUDA side: the twin of alloy_wgmma_tma_gemm.hpp, the
// wgmma_gemm kernel (nvcc_wgmma_gemm_kernel.cuh, whose wgmma helpers it
// uses) with TMA loads completing on mbarriers in place of cp.async, in
// inline PTX. Tensor maps from cuTensorMapEncodeTiled, reached through
// cudaGetDriverEntryPoint (no -lcuda). Built for sm_90a.
#ifndef BENCH_WGMMA_TMA_GEMM_NVCC_WGMMA_TMA_GEMM_KERNEL_CUH
#define BENCH_WGMMA_TMA_GEMM_NVCC_WGMMA_TMA_GEMM_KERNEL_CUH

#include "nvcc_wgmma_gemm_kernel.cuh"

#include <cuda.h>

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

__device__ __forceinline__ void expect_and_load(uint32_t bar, uint32_t dst_a,
                                                uint32_t dst_b,
                                                const CUtensorMap *amap,
                                                const CUtensorMap *bmap, int x,
                                                int ya, int yb) {
  asm volatile("mbarrier.arrive.expect_tx.shared.b64 _, [%0], %1;" ::"r"(bar),
               "r"(STAGE_BYTES)
               : "memory");
  asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier:"
               ":complete_tx::bytes [%0], [%1, {%2, %3}], [%4];" ::"r"(dst_a),
               "l"(amap), "r"(x), "r"(ya), "r"(bar)
               : "memory");
  asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier:"
               ":complete_tx::bytes [%0], [%1, {%2, %3}], [%4];" ::"r"(dst_b),
               "l"(bmap), "r"(x), "r"(yb), "r"(bar)
               : "memory");
}

__device__ __forceinline__ void wait_parity(uint32_t bar, uint32_t parity) {
  uint32_t done = 0;
  while (!done)
    asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared.b64 p, "
                 "[%1], %2; selp.u32 %0, 1, 0, p; }"
                 : "=r"(done)
                 : "r"(bar), "r"(parity)
                 : "memory");
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
    wait_parity(bars + 8 * read_stage, uint32_t(t / STAGES) & 1u);
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

// A rows x cols row-major matrix of T, boxes of BK x box_rows, 128-byte
// swizzle.
template <class T>
CUtensorMap make_map(const T *p, int rows, int cols, int box_rows) {
  using Encode = CUresult (*)(CUtensorMap *, CUtensorMapDataType, cuuint32_t,
                              void *, const cuuint64_t *, const cuuint64_t *,
                              const cuuint32_t *, const cuuint32_t *,
                              CUtensorMapInterleave, CUtensorMapSwizzle,
                              CUtensorMapL2promotion,
                              CUtensorMapFloatOOBfill);
  static Encode encode = [] {
    void *fn = nullptr;
    cudaDriverEntryPointQueryResult q;
    CUDA_CHECK(cudaGetDriverEntryPoint("cuTensorMapEncodeTiled", &fn,
                                       cudaEnableDefault, &q));
    return reinterpret_cast<Encode>(fn);
  }();
  CUtensorMap map;
  cuuint64_t shape[2] = {cuuint64_t(cols), cuuint64_t(rows)};
  cuuint64_t strides[1] = {cuuint64_t(cols) * sizeof(T)};
  cuuint32_t box[2] = {cuuint32_t(BK), cuuint32_t(box_rows)};
  cuuint32_t es[2] = {1, 1};
  CUresult rc = encode(
      &map,
      std::is_same_v<T, __half> ? CU_TENSOR_MAP_DATA_TYPE_FLOAT16
                                : CU_TENSOR_MAP_DATA_TYPE_BFLOAT16,
      2, const_cast<T *>(p), shape, strides, box, es,
      CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B,
      CU_TENSOR_MAP_L2_PROMOTION_L2_128B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (rc != CUDA_SUCCESS) {
    std::fprintf(stderr, "cuTensorMapEncodeTiled failed: %d\n", int(rc));
    std::exit(2);
  }
  return map;
}

template <class T> cudaError_t setup() {
  return cudaFuncSetAttribute(wgmma_tma_gemm_kernel<T>,
                              cudaFuncAttributeMaxDynamicSharedMemorySize,
                              SMEM_BYTES);
}

} // namespace wgmma_tma_gemm

#endif // BENCH_WGMMA_TMA_GEMM_NVCC_WGMMA_TMA_GEMM_KERNEL_CUH
