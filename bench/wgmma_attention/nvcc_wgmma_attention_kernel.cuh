// wgmma_attention's CUDA side: the twin of alloy_wgmma_attention.hpp (a
// FlashAttention-3-style forward: a TMA producer warpgroup, two wgmma
// consumer warpgroups, P in registers, V read N-major), in inline PTX.
// Built for sm_90a.
#ifndef BENCH_WGMMA_ATTENTION_NVCC_WGMMA_ATTENTION_KERNEL_CUH
#define BENCH_WGMMA_ATTENTION_NVCC_WGMMA_ATTENTION_KERNEL_CUH

#include "cuda_hopper.cuh"
#include "nvcc_wgmma_attention_mma.cuh"

#include <cuda_bf16.h>

#include <cmath>
#include <cstdint>

namespace fa3 {

constexpr int BM = 128, BN = 128, STAGES = 2, THREADS = 384, PANEL = 64;

template <int D> struct layout {
  static constexpr int Q_BYTES = BM * D * 2, KV_BYTES = BN * D * 2;
  static constexpr int STAGE_BYTES = 2 * KV_BYTES;
  static constexpr int SMEM_BYTES = Q_BYTES + STAGES * STAGE_BYTES + 1024;
};

__device__ __forceinline__ uint64_t k_major_desc(uint32_t addr) {
  return uint64_t((addr & 0x3ffff) >> 4) | uint64_t(1) << 16 |
         uint64_t(64) << 32 | uint64_t(1) << 62;
}
// N-major, 128-byte swizzle: leading byte offset = the panel stride.
__device__ __forceinline__ uint64_t n_major_desc(uint32_t addr,
                                                 uint32_t panel_bytes) {
  return uint64_t((addr & 0x3ffff) >> 4) |
         uint64_t((panel_bytes & 0x3ffff) >> 4) << 16 | uint64_t(64) << 32 |
         uint64_t(1) << 62;
}
template <int N> __device__ __forceinline__ void fence_operand(float (&d)[N]) {
#pragma unroll
  for (int i = 0; i < N; ++i)
    asm volatile("" : "+f"(d[i])::"memory");
}
__device__ __forceinline__ void wgmma_fence() {
  asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
}
__device__ __forceinline__ void wgmma_commit() {
  asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
}
__device__ __forceinline__ void wgmma_wait0() {
  asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
}
__device__ __forceinline__ uint32_t pack_bf16(float lo, float hi) {
  __nv_bfloat162 v = __floats2bfloat162_rn(lo, hi);
  return *reinterpret_cast<uint32_t *>(&v);
}

template <int D, bool CAUSAL>
__global__ void __launch_bounds__(THREADS, 1)
    wgmma_attention_kernel(const __grid_constant__ CUtensorMap qmap,
                           const __grid_constant__ CUtensorMap kmap,
                           const __grid_constant__ CUtensorMap vmap,
                           __nv_bfloat16 *O, int seq, float scale_log2) {
  using L = layout<D>;
  extern __shared__ __align__(1024) unsigned char dyn[];
  __shared__ alignas(8) uint64_t bars[1 + 2 * STAGES];
  const uint32_t smem = (uint32_t(__cvta_generic_to_shared(dyn)) + 1023u) &
                        ~1023u;
  const uint32_t q_full = uint32_t(__cvta_generic_to_shared(bars));
  const uint32_t full0 = q_full + 8, empty0 = q_full + 8 + 8 * STAGES;
  auto k_smem = [&](int stage) {
    return smem + L::Q_BYTES + stage * L::STAGE_BYTES;
  };

  const int tid = threadIdx.x;
  const int wg = __shfl_sync(0xffffffffu, tid / 128, 0);
  const int q_tiles = seq / BM;
  const int heads = gridDim.x / q_tiles;
  const int bh = blockIdx.x % heads;
  const int q_tile = q_tiles - 1 - int(blockIdx.x) / heads;
  const int q0 = q_tile * BM;
  const int row0 = bh * seq;
  const int kv_tiles = CAUSAL ? q_tile + 1 : seq / BN;

  if (tid == 0) {
    asm volatile("prefetch.tensormap [%0];" ::"l"(&qmap) : "memory");
    asm volatile("prefetch.tensormap [%0];" ::"l"(&kmap) : "memory");
    asm volatile("prefetch.tensormap [%0];" ::"l"(&vmap) : "memory");
    asm volatile("mbarrier.init.shared.b64 [%0], 1;" ::"r"(q_full));
    for (int s = 0; s < STAGES; ++s) {
      asm volatile("mbarrier.init.shared.b64 [%0], 1;" ::"r"(full0 + 8 * s));
      asm volatile("mbarrier.init.shared.b64 [%0], 2;" ::"r"(empty0 + 8 * s));
    }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();

  if (wg == 0) {
    asm volatile("setmaxnreg.dec.sync.aligned.u32 40;");
    if (tid != 0)
      return;
    bench::mbarrier_expect_tx(q_full, L::Q_BYTES);
#pragma unroll
    for (int p = 0; p < D / PANEL; ++p)
      bench::tma_load_2d(smem + p * BM * 128, &qmap, p * PANEL, row0 + q0,
                         q_full);
    int stage = 0;
    uint32_t phase = 0;
    for (int t = 0; t < kv_tiles; ++t) {
      bench::mbarrier_wait_parity(empty0 + 8 * stage, phase ^ 1u);
      bench::mbarrier_expect_tx(full0 + 8 * stage, L::STAGE_BYTES);
#pragma unroll
      for (int p = 0; p < D / PANEL; ++p) {
        bench::tma_load_2d(k_smem(stage) + p * BN * 128, &kmap, p * PANEL,
                           row0 + t * BN, full0 + 8 * stage);
        bench::tma_load_2d(k_smem(stage) + L::KV_BYTES + p * BN * 128, &vmap,
                           p * PANEL, row0 + t * BN, full0 + 8 * stage);
      }
      if (++stage == STAGES) {
        stage = 0;
        phase ^= 1u;
      }
    }
    return;
  }

  asm volatile("setmaxnreg.inc.sync.aligned.u32 232;");
  const int rows = (wg - 1) * 64;
  const bool signals = tid % 128 == 0;
  const int t128 = tid % 128;
  const int r_in = t128 / 32 * 16 + t128 % 32 / 4; // accumulator row
  const int c_in = t128 % 4 * 2;                   // accumulator column
  float s[BN / 2], o[D / 2];
#pragma unroll
  for (int i = 0; i < D / 2; ++i)
    o[i] = 0.0f;
#pragma unroll
  for (int i = 0; i < BN / 2; ++i)
    asm volatile("" : "=f"(s[i])); // the first mma ignores it
  float row_max[2] = {-INFINITY, -INFINITY}, row_sum[2] = {0.0f, 0.0f};
  bench::mbarrier_wait_parity(q_full, 0);

  int stage = 0;
  uint32_t phase = 0;
  for (int t = 0; t < kv_tiles; ++t) {
    bench::mbarrier_wait_parity(full0 + 8 * stage, phase);
    const uint32_t kb = k_smem(stage), vb = kb + L::KV_BYTES;
    wgmma_fence();
#pragma unroll
    for (int k = 0; k < D; k += 16)
      mma_ss_n128(s,
                  k_major_desc(smem + k / 64 * BM * 128 + rows * 128 +
                               k % 64 * 2),
                  k_major_desc(kb + k / 64 * BN * 128 + k % 64 * 2), k > 0);
    wgmma_commit();
    wgmma_wait0();
    fence_operand(s);

    if (CAUSAL && t >= kv_tiles - 1) {
#pragma unroll
      for (int i = 0; i < BN / 2; ++i) {
        const int row = rows + r_in + 8 * (i / 2 % 2);
        const int col = i / 4 * 8 + c_in + i % 2;
        if (t * BN + col > q0 + row)
          s[i] = -INFINITY;
      }
    }
    float alpha[2];
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      float m = row_max[h];
#pragma unroll
      for (int j = 0; j < BN / 8; ++j)
        m = fmaxf(m, fmaxf(s[4 * j + 2 * h], s[4 * j + 2 * h + 1]));
      m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, 1));
      m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, 2));
      const float m_scaled = m * scale_log2;
      alpha[h] = exp2f(fmaf(row_max[h], scale_log2, -m_scaled));
      row_max[h] = m;
      float sum = 0.0f;
#pragma unroll
      for (int j = 0; j < BN / 8; ++j)
#pragma unroll
        for (int e = 0; e < 2; ++e) {
          float &x = s[4 * j + 2 * h + e];
          x = exp2f(fmaf(x, scale_log2, -m_scaled));
          sum += x;
        }
      row_sum[h] = row_sum[h] * alpha[h] + sum;
    }
#pragma unroll
    for (int j = 0; j < D / 8; ++j)
#pragma unroll
      for (int e = 0; e < 4; ++e)
        o[4 * j + e] *= alpha[e / 2];

    uint32_t p[BN / 16][4];
#pragma unroll
    for (int j = 0; j < BN / 16; ++j)
#pragma unroll
      for (int r = 0; r < 4; ++r)
        p[j][r] = pack_bf16(s[8 * j + 2 * r], s[8 * j + 2 * r + 1]);
    wgmma_fence();
#pragma unroll
    for (int j = 0; j < BN / 16; ++j) {
      const uint64_t vd = n_major_desc(vb + 16 * j * 128, BN * 128);
      if constexpr (D == 64)
        mma_rs_n64(o, p[j], vd);
      else
        mma_rs_n128(o, p[j], vd);
    }
    wgmma_commit();
    wgmma_wait0();
    fence_operand(o);
    if (signals)
      bench::mbarrier_arrive(empty0 + 8 * stage);
    if (++stage == STAGES) {
      stage = 0;
      phase ^= 1u;
    }
  }

#pragma unroll
  for (int h = 0; h < 2; ++h) {
    float sum = row_sum[h];
    sum += __shfl_xor_sync(0xffffffffu, sum, 1);
    sum += __shfl_xor_sync(0xffffffffu, sum, 2);
    const float inv = 1.0f / sum;
    __nv_bfloat162 *out = reinterpret_cast<__nv_bfloat162 *>(
        O + (size_t(row0) + q0 + rows + r_in + 8 * h) * D + c_in);
#pragma unroll
    for (int j = 0; j < D / 8; ++j)
      out[4 * j] = __floats2bfloat162_rn(o[4 * j + 2 * h] * inv,
                                         o[4 * j + 2 * h + 1] * inv);
  }
}

} // namespace fa3

#endif // BENCH_WGMMA_ATTENTION_NVCC_WGMMA_ATTENTION_KERNEL_CUH
