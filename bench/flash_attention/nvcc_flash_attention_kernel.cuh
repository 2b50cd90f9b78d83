// flash_attention's hand-written CUDA kernel: a FlashAttention-2-style
// fused attention forward, O = softmax(Q K^T / sqrt(D)) V per (batch,
// head), Q, K, V and O bf16 of shape [batch, heads, seq, D] (row-major),
// D = 64 or 128, optionally causal (key <= query), fp32 accumulation and
// online softmax, on tensor cores through mma.sync (the Ampere design, run
// on sm_90).
//
// One block of 4 warps per (batch * head, 128-row query tile); each warp
// owns 32 query rows (two m16 tiles) from start to end, so the softmax
// statistics of a row never leave its 4 lanes. Per tile of BN keys (64 for
// D = 64, 32 for D = 128, see layout):
//   S = Q K^T       mma.sync m16n8k16 into fp32 registers; Q and K from
//                   shared memory by ldmatrix.x4
//   online softmax  row max over the quad of lanes that holds a row
//                   (shfl.xor 1, 2), exp2 with the scale folded in, the
//                   running O and sum rescaled by exp2(m_old - m_new)
//   O += P V        P converted to bf16 in registers and used directly as
//                   the A operand (the accumulator layout of m16n8k16 is
//                   the A layout's halves: FA2's trick); V by
//                   ldmatrix.x4.trans
// Q is copied to shared memory once; K and V tiles are double-buffered in
// shared memory and filled by 16-byte cp.async while the previous tile is
// computed, one commit group and one __syncthreads() per tile. Rows are
// XOR-swizzled in 16-byte chunks (chunk ^ row % 8), so each 8-row
// ldmatrix phase and each cp.async phase touches all 32 banks once.
// Shared memory: Q (128 x D) + 2 stages of K and V (BN x D each): 48 KiB
// for D = 64, 64 KiB for D = 128. Causal: the key tiles up to the query
// tile's last row, masked where they cross the diagonal; a warp skips a
// tile whose keys all follow its rows. Requires seq % 128 == 0.
// ptxas -v (sm_90), no stack, no spills: 175 registers (D = 64), 209
// (causal), 241 (D = 128), 246 (causal).
// The Alloy twin is alloy_flash_attention.hpp.
#ifndef BENCH_FLASH_ATTENTION_NVCC_FLASH_ATTENTION_KERNEL_CUH
#define BENCH_FLASH_ATTENTION_NVCC_FLASH_ATTENTION_KERNEL_CUH

#include <cuda_bf16.h>
#include <cuda_runtime.h>

#include <cmath>
#include <cstdint>

namespace fa {

constexpr int BM = 128;                 // query rows per block
constexpr int WARPS = 4, THREADS = 32 * WARPS;
constexpr int WM = BM / WARPS;          // query rows per warp
constexpr int MT = WM / 16;             // its m16 tiles

template <int D> struct layout {
  static_assert(D == 64 || D == 128, "head dimension 64 or 128");
  // Keys per K/V tile. With D = 128 a warp's O is 128 fp32 registers per
  // lane; 64 keys would add 64 for S and spill (255 registers, 56 to 88
  // bytes of spills), 32 keys fit (about 245 registers).
  static constexpr int BN = D == 64 ? 64 : 32;
  static constexpr int NT = BN / 8;      // n8 tiles of S (8 keys each)
  static constexpr int PK = BN / 16;     // k16 steps of P V
  static constexpr int ROW = D * 2;      // bytes of a row in shared memory
  static constexpr int CHUNKS = D / 8;   // its 16-byte chunks (8 or 16)
  static constexpr int DT = D / 8;       // n8 tiles of O
  static constexpr int DK = D / 16;      // k16 steps of Q K^T
  static constexpr int Q_BYTES = BM * ROW, KV_BYTES = BN * ROW;
  static constexpr int STAGE_BYTES = 2 * KV_BYTES; // a K tile, then a V tile
  static constexpr int SMEM_BYTES = Q_BYTES + 2 * STAGE_BYTES;
  // A copy pass of the block covers THREADS / CHUNKS whole rows: a
  // multiple of 8, so a thread's swizzle is the same in every pass.
  static constexpr int PASS_ROWS = THREADS / CHUNKS;
  static_assert(PASS_ROWS % 8 == 0, "passes must keep row % 8");
};

// The 16-byte chunk where logical chunk `chunk` of row `row` is stored.
// Rows are 128 or 256 bytes, so every row starts at bank 0; XORing the
// chunk's low 3 bits with row % 8 puts the same logical chunk of 8
// consecutive rows (one ldmatrix phase) in 8 different 16-byte bank groups.
__host__ __device__ constexpr int swizzle(int row, int chunk) {
  return chunk ^ (row & 7);
}

// Thin wrappers over the PTX the kernel uses.
namespace ptx {
__device__ __forceinline__ uint32_t shared_address(const void *p) {
  return uint32_t(__cvta_generic_to_shared(p));
}
// 16 bytes global -> shared, not through L1 (.cg).
__device__ __forceinline__ void cp_async_16(uint32_t dst, const void *src) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(dst),
               "l"(src));
}
__device__ __forceinline__ void cp_async_commit() {
  asm volatile("cp.async.commit_group;\n" ::);
}
// Waits until at most N of this thread's committed groups are pending.
template <int N> __device__ __forceinline__ void cp_async_wait() {
  asm volatile("cp.async.wait_group %0;\n" ::"n"(N) : "memory");
}
// Four 8x8 b16 matrices; lane l gives the address of row l % 8 of matrix
// l / 8 and receives, of each matrix i, r[i] = elements (l / 4, 2 (l % 4)
// + {0, 1}) (.trans: (2 (l % 4) + {0, 1}, l / 4)), the first in the low
// half.
__device__ __forceinline__ void ldmatrix_x4(uint32_t (&r)[4], uint32_t addr) {
  asm volatile(
      "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
      : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
      : "r"(addr));
}
__device__ __forceinline__ void ldmatrix_x4_trans(uint32_t (&r)[4],
                                                  uint32_t addr) {
  asm volatile(
      "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];\n"
      : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
      : "r"(addr));
}
// d += a * b for one 16x8x16 tile of bf16; a: 4 registers of 2 elements,
// b: 2.
__device__ __forceinline__ void mma_bf16(float (&d)[4], const uint32_t (&a)[4],
                                         uint32_t b0, uint32_t b1) {
  asm("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 "
      "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}
// Two floats rounded to bf16 (to nearest even), `lo` in the low half. PTX's
// cvt puts its first source in the upper half.
__device__ __forceinline__ uint32_t pack_bf16x2(float lo, float hi) {
  uint32_t r;
  asm("cvt.rn.bf16x2.f32 %0, %1, %2;\n" : "=r"(r) : "f"(hi), "f"(lo));
  return r;
}
__device__ __forceinline__ float shfl_xor(float v, int lane_mask) {
  return __shfl_xor_sync(0xffffffffu, v, lane_mask);
}
} // namespace ptx

template <int D, bool CAUSAL>
__global__ void __launch_bounds__(THREADS)
    flash_attention_kernel(const __nv_bfloat16 *__restrict__ Q,
                           const __nv_bfloat16 *__restrict__ K,
                           const __nv_bfloat16 *__restrict__ V,
                           __nv_bfloat16 *__restrict__ O, int seq,
                           float scale_log2) {
  using L = layout<D>;
  constexpr int BN = L::BN, NT = L::NT, PK = L::PK;
  extern __shared__ __align__(128) unsigned char smem[];
  const uint32_t smem_base = ptx::shared_address(smem);
  const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;

  // The query tiles of one head are consecutive blocks (they read the same
  // K and V, which then stay in L2), the last tile first: with the causal
  // mask it has the most keys, so the longest blocks start first.
  const int q_tiles = seq / BM;
  const int bh = int(blockIdx.x) / q_tiles;
  const int q0 = (q_tiles - 1 - int(blockIdx.x) % q_tiles) * BM;
  const size_t head = size_t(bh) * seq * D;
  const int kv_tiles = CAUSAL ? (q0 + BM) / BN : seq / BN;

  // Global -> shared: pass p copies chunk tid % CHUNKS of row
  // tid / CHUNKS + p * PASS_ROWS (a warp copies whole rows: 512
  // contiguous bytes of global memory).
  const int cp_row = tid / L::CHUNKS, cp_chunk = tid % L::CHUNKS;
  const uint32_t cp_dst =
      smem_base + cp_row * L::ROW + swizzle(cp_row, cp_chunk) * 16;
  const size_t cp_src = head + size_t(cp_row) * D + cp_chunk * 8;
  {
    const __nv_bfloat16 *q = Q + cp_src + size_t(q0) * D;
#pragma unroll
    for (int p = 0; p < BM / L::PASS_ROWS; ++p)
      ptx::cp_async_16(cp_dst + p * L::PASS_ROWS * L::ROW,
                       q + size_t(p) * L::PASS_ROWS * D);
  }
  // K and V tile `tile` into stage `stage`.
  auto load_kv = [&](int tile, int stage) {
    const size_t src = cp_src + size_t(tile) * BN * D;
    const uint32_t dst = cp_dst + L::Q_BYTES + stage * L::STAGE_BYTES;
#pragma unroll
    for (int p = 0; p < BN / L::PASS_ROWS; ++p) {
      ptx::cp_async_16(dst + p * L::PASS_ROWS * L::ROW,
                       K + src + size_t(p) * L::PASS_ROWS * D);
      ptx::cp_async_16(dst + L::KV_BYTES + p * L::PASS_ROWS * L::ROW,
                       V + src + size_t(p) * L::PASS_ROWS * D);
    }
  };
  load_kv(0, 0);
  ptx::cp_async_commit(); // group 0: Q and the first K, V tile

  // Shared -> registers, byte offsets of this lane's ldmatrix row address.
  // Q (A of S, ldmatrix.x4 per m16 tile i and k16 step kk): lane l
  // addresses row l % 16 of the tile at chunk 2 kk + l / 16, so the four
  // matrices are (rows 0-7, k 0-7), (8-15, 0-7), (0-7, 8-15), (8-15, 8-15):
  // mma's a0..a3. The tile's first row is a multiple of 8, so the swizzle
  // is the lane's own; 2 kk only touches the chunk bits above bit 0, where
  // the XOR commutes: step kk is offset ^ (kk * 32).
  const int q_row = warp * WM + lane % 16;
  const uint32_t q_frag = q_row * L::ROW + swizzle(q_row, lane / 16) * 16;
  // K (B of S, stored [key][d], i.e. k-major per column of K^T: no .trans;
  // ldmatrix.x4 per pair of n8 tiles jp and k16 step kk): lane l addresses
  // key 8 (l / 16) + l % 8 of the pair at chunk 2 kk + (l / 8) % 2, so the
  // matrices are b0b1 and b2b3 of n8 tile 2 jp, then of 2 jp + 1.
  const int k_row = lane / 16 * 8 + lane % 8;
  const uint32_t k_frag = k_row * L::ROW + swizzle(k_row, lane / 8 % 2) * 16;
  // V (B of O += P V, stored [key][d] = [k][n]: .trans; ldmatrix.x4.trans
  // per pair of n8 tiles jd of d and k16 step kk of keys): lane l
  // addresses key 16 kk + l % 16 at chunk 2 jd + l / 16: b0b1 and b2b3 of
  // n8 tile 2 jd, then of 2 jd + 1.
  const int v_row = lane % 16;
  const uint32_t v_frag = v_row * L::ROW + swizzle(v_row, lane / 16) * 16;

  // This lane's rows: q0 + warp * WM + 16 i + lane / 4 + 8 h (h = 0, 1:
  // accumulator elements {0, 1} and {2, 3}); its columns of an n8 tile:
  // 2 (lane % 4) + {0, 1}.
  float o[MT][L::DT][4] = {};
  float row_max[MT][2], row_sum[MT][2]; // row_sum: this lane's part only
#pragma unroll
  for (int i = 0; i < MT; ++i)
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      row_max[i][h] = -INFINITY;
      row_sum[i][h] = 0.0f;
    }

  for (int t = 0; t < kv_tiles; ++t) {
    // Tile t has landed (the only group in flight), and every warp is past
    // tile t - 1, whose stage the next copies overwrite.
    ptx::cp_async_wait<0>();
    __syncthreads();
    if (t + 1 < kv_tiles)
      load_kv(t + 1, (t + 1) % 2);
    ptx::cp_async_commit();
    // Causal: a warp whose rows all precede the tile's first key has
    // nothing to add (its row max and sum stay as they are).
    if (CAUSAL && t * BN > q0 + warp * WM + WM - 1)
      continue;
    const uint32_t k_base = smem_base + L::Q_BYTES + (t % 2) * L::STAGE_BYTES;
    const uint32_t v_base = k_base + L::KV_BYTES;

    // S = Q K^T (unscaled).
    float s[MT][NT][4] = {};
#pragma unroll
    for (int kk = 0; kk < L::DK; ++kk) {
      uint32_t a[MT][4];
#pragma unroll
      for (int i = 0; i < MT; ++i)
        ptx::ldmatrix_x4(a[i], smem_base + (q_frag ^ (kk * 32)) +
                                   i * 16 * L::ROW);
#pragma unroll
      for (int jp = 0; jp < NT / 2; ++jp) {
        uint32_t b[4];
        ptx::ldmatrix_x4(b, k_base + (k_frag ^ (kk * 32)) + jp * 16 * L::ROW);
#pragma unroll
        for (int i = 0; i < MT; ++i) {
          ptx::mma_bf16(s[i][2 * jp], a[i], b[0], b[1]);
          ptx::mma_bf16(s[i][2 * jp + 1], a[i], b[2], b[3]);
        }
      }
    }

    // The causal mask, on the tiles that reach past the block's first row.
    if (CAUSAL && t * BN + BN - 1 > q0) {
#pragma unroll
      for (int i = 0; i < MT; ++i)
#pragma unroll
        for (int j = 0; j < NT; ++j)
#pragma unroll
          for (int e = 0; e < 4; ++e) {
            const int row = q0 + warp * WM + 16 * i + lane / 4 + 8 * (e / 2);
            const int key = t * BN + 8 * j + 2 * (lane % 4) + e % 2;
            if (key > row)
              s[i][j][e] = -INFINITY;
          }
    }

    // Online softmax: a row's 64 scores of this tile sit in the 4 lanes of
    // a quad (16 each), so its max needs two shuffles; its sum stays
    // per lane until the end. exp2(s * scale_log2 - m * scale_log2), with
    // scale_log2 = log2(e) / sqrt(D), is exp((s - m) / sqrt(D)).
#pragma unroll
    for (int i = 0; i < MT; ++i)
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        float m = row_max[i][h];
#pragma unroll
        for (int j = 0; j < NT; ++j)
          m = fmaxf(m, fmaxf(s[i][j][2 * h], s[i][j][2 * h + 1]));
        m = fmaxf(m, ptx::shfl_xor(m, 1));
        m = fmaxf(m, ptx::shfl_xor(m, 2));
        // -inf only while every key so far is masked: subtract 0 then, so
        // that exp2 gives 0 rather than NaN.
        const float m_scaled = m == -INFINITY ? 0.0f : m * scale_log2;
        const float alpha = exp2f(fmaf(row_max[i][h], scale_log2, -m_scaled));
        row_max[i][h] = m;
        float sum = 0.0f;
#pragma unroll
        for (int j = 0; j < NT; ++j)
#pragma unroll
          for (int e = 2 * h; e < 2 * h + 2; ++e) {
            const float p = exp2f(fmaf(s[i][j][e], scale_log2, -m_scaled));
            s[i][j][e] = p;
            sum += p;
          }
        row_sum[i][h] = fmaf(row_sum[i][h], alpha, sum);
#pragma unroll
        for (int j = 0; j < L::DT; ++j) {
          o[i][j][2 * h] *= alpha;
          o[i][j][2 * h + 1] *= alpha;
        }
      }

    // O += P V. The A fragment of k16 step kk is S's n8 tiles 2 kk and
    // 2 kk + 1 in bf16: a0a1 = (g, 2t..) and a2a3 = (g + 8, 2t..) are
    // tile 2 kk's c0c1 and c2c3, a4..a7 the same of tile 2 kk + 1
    // (g = lane / 4, t = lane % 4).
#pragma unroll
    for (int kk = 0; kk < PK; ++kk) {
      uint32_t a[MT][4];
#pragma unroll
      for (int i = 0; i < MT; ++i) {
        a[i][0] = ptx::pack_bf16x2(s[i][2 * kk][0], s[i][2 * kk][1]);
        a[i][1] = ptx::pack_bf16x2(s[i][2 * kk][2], s[i][2 * kk][3]);
        a[i][2] = ptx::pack_bf16x2(s[i][2 * kk + 1][0], s[i][2 * kk + 1][1]);
        a[i][3] = ptx::pack_bf16x2(s[i][2 * kk + 1][2], s[i][2 * kk + 1][3]);
      }
#pragma unroll
      for (int jd = 0; jd < L::DT / 2; ++jd) {
        uint32_t b[4];
        ptx::ldmatrix_x4_trans(b, v_base + (v_frag ^ (jd * 32)) +
                                      kk * 16 * L::ROW);
#pragma unroll
        for (int i = 0; i < MT; ++i) {
          ptx::mma_bf16(o[i][2 * jd], a[i], b[0], b[1]);
          ptx::mma_bf16(o[i][2 * jd + 1], a[i], b[2], b[3]);
        }
      }
    }
  }

  // O / row sum (the quad's parts added), as bf16 pairs: each store of a
  // warp writes 8 rows x 16 bytes.
#pragma unroll
  for (int i = 0; i < MT; ++i)
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      float sum = row_sum[i][h];
      sum += ptx::shfl_xor(sum, 1);
      sum += ptx::shfl_xor(sum, 2);
      const float inv = 1.0f / sum;
      const int row = q0 + warp * WM + 16 * i + lane / 4 + 8 * h;
      uint32_t *out = reinterpret_cast<uint32_t *>(O + head + size_t(row) * D +
                                                   2 * (lane % 4));
#pragma unroll
      for (int j = 0; j < L::DT; ++j)
        out[4 * j] = ptx::pack_bf16x2(o[i][j][2 * h] * inv,
                                      o[i][j][2 * h + 1] * inv);
    }
}

// Raises the kernel's dynamic shared memory limit (64 KiB for D = 128);
// call once.
template <int D, bool CAUSAL> cudaError_t setup() {
  return cudaFuncSetAttribute(flash_attention_kernel<D, CAUSAL>,
                              cudaFuncAttributeMaxDynamicSharedMemorySize,
                              layout<D>::SMEM_BYTES);
}

// One block per (batch * head, query tile), in a 1-D grid (the kernel
// orders them).
template <int D, bool CAUSAL>
void launch(const __nv_bfloat16 *Q, const __nv_bfloat16 *K,
            const __nv_bfloat16 *V, __nv_bfloat16 *O, int batch_heads,
            int seq, cudaStream_t stream = 0) {
  const float scale_log2 = float(M_LOG2E / std::sqrt(double(D)));
  flash_attention_kernel<D, CAUSAL>
      <<<batch_heads * (seq / BM), THREADS, layout<D>::SMEM_BYTES, stream>>>(
          Q, K, V, O, seq, scale_log2);
}

} // namespace fa

#endif // BENCH_FLASH_ATTENTION_NVCC_FLASH_ATTENTION_KERNEL_CUH
