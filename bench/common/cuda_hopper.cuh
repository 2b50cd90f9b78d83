// The CUDA side of the Hopper benchmarks (wgmma_tma_gemm, wgmma_ws_gemm,
// wgmma_attention): the mbarrier and TMA instructions in inline PTX, and
// their tensor maps from cuTensorMapEncodeTiled (reached through
// cudaGetDriverEntryPoint, so no -lcuda).
#ifndef BENCH_COMMON_CUDA_HOPPER_CUH
#define BENCH_COMMON_CUDA_HOPPER_CUH

#include "cuda_bench.hpp"

#include <cuda.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cstdint>
#include <type_traits>

namespace bench {

__device__ __forceinline__ void mbarrier_wait_parity(uint32_t bar,
                                                     uint32_t parity) {
  uint32_t done = 0;
  while (!done)
    asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared.b64 p, "
                 "[%1], %2; selp.u32 %0, 1, 0, p; }"
                 : "=r"(done)
                 : "r"(bar), "r"(parity)
                 : "memory");
}
__device__ __forceinline__ void mbarrier_expect_tx(uint32_t bar,
                                                   uint32_t bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared.b64 _, [%0], %1;" ::"r"(bar),
               "r"(bytes)
               : "memory");
}
__device__ __forceinline__ void mbarrier_arrive(uint32_t bar) {
  asm volatile("mbarrier.arrive.shared.b64 _, [%0];" ::"r"(bar) : "memory");
}
// The box of `map` at (x, y) into shared address `dst`, completing on `bar`.
__device__ __forceinline__ void tma_load_2d(uint32_t dst,
                                            const CUtensorMap *map, int x,
                                            int y, uint32_t bar) {
  asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier:"
               ":complete_tx::bytes [%0], [%1, {%2, %3}], [%4];" ::"r"(dst),
               "l"(map), "r"(x), "r"(y), "r"(bar)
               : "memory");
}

// A rows x cols row-major matrix of T (half, bfloat16, or 1-byte types as
// UINT8), boxes of one 128-byte row (128 / sizeof(T) elements) by
// box_rows, 128-byte swizzle, L2 promotion 128 bytes.
template <class T>
CUtensorMap make_tensor_map(const T *p, uint64_t rows, uint64_t cols,
                            int box_rows) {
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
  const CUtensorMapDataType type =
      std::is_same_v<T, __half>          ? CU_TENSOR_MAP_DATA_TYPE_FLOAT16
      : std::is_same_v<T, __nv_bfloat16> ? CU_TENSOR_MAP_DATA_TYPE_BFLOAT16
                                         : CU_TENSOR_MAP_DATA_TYPE_UINT8;
  CUtensorMap map;
  cuuint64_t shape[2] = {cuuint64_t(cols), cuuint64_t(rows)};
  cuuint64_t strides[1] = {cuuint64_t(cols) * sizeof(T)};
  cuuint32_t box[2] = {cuuint32_t(128 / sizeof(T)), cuuint32_t(box_rows)};
  cuuint32_t es[2] = {1, 1};
  CUresult rc = encode(&map, type, 2, const_cast<T *>(p), shape, strides, box,
                       es, CU_TENSOR_MAP_INTERLEAVE_NONE,
                       CU_TENSOR_MAP_SWIZZLE_128B,
                       CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
                       CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (rc != CUDA_SUCCESS) {
    std::fprintf(stderr, "cuTensorMapEncodeTiled failed: %d\n", int(rc));
    std::exit(2);
  }
  return map;
}

} // namespace bench

#endif // BENCH_COMMON_CUDA_HOPPER_CUH
