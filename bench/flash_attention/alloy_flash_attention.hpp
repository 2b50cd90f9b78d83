// flash_attention's Alloy side: a FlashAttention-2-style fused attention
// forward, O = softmax(Q K^T / sqrt(D)) V per (batch, head), Q, K, V and O
// gpu::bfloat16 of shape [batch, heads, seq, D] (row-major), D = 64 or 128,
// optionally causal, fp32 accumulation and online softmax, on tensor cores
// through gpu::mma (mma.sync m16n8k16), gpu::mma::ldmatrix and
// gpu::cp_async. The same kernel as nvcc_flash_attention_kernel.cuh, which
// explains the design: one block of 4 warps per (batch * head, 128-row
// query tile), 32 query rows per warp, key tiles of 64 (D = 64) or 32
// (D = 128) keys double-buffered in shared memory by 16-byte cp.async, Q
// copied once, XOR-swizzled 16-byte chunks, S = Q K^T and the online
// softmax in registers, P reused as bf16 A fragments for O += P V, V by
// ldmatrix.trans. Requires seq % 128 == 0.
// The including file defines FA_HEAD_DIM (64 or 128) and FA_CAUSAL (true
// or false).
#ifndef BENCH_FLASH_ATTENTION_ALLOY_FLASH_ATTENTION_HPP
#define BENCH_FLASH_ATTENTION_ALLOY_FLASH_ATTENTION_HPP

#include "alloy_bench.hpp"
#include "flash_attention_check.hpp"
#include <gpu/half.hpp>
#include <gpu/tensor_core.hpp>
#include <gpu/transfers.hpp>
#include <gpu/warp.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace fa {

constexpr int BM = 128;        // query rows per block
constexpr int WARPS = 4, THREADS = 32 * WARPS;
constexpr int WM = BM / WARPS; // query rows per warp
constexpr int MT = WM / 16;    // its m16 tiles

template <int D> struct layout {
  static_assert(D == 64 || D == 128, "head dimension 64 or 128");
  // Keys per K/V tile: with D = 128, O alone is 128 fp32 registers per
  // lane, and 64 keys of S would spill (see the twin).
  static constexpr int BN = D == 64 ? 64 : 32;
  static constexpr int NT = BN / 8;      // n8 tiles of S (8 keys each)
  static constexpr int PK = BN / 16;     // k16 steps of P V
  static constexpr int ROW = D * 2;      // bytes of a row in shared memory
  static constexpr int CHUNKS = D / 8;   // its 16-byte chunks
  static constexpr int DT = D / 8;       // n8 tiles of O
  static constexpr int DK = D / 16;      // k16 steps of Q K^T
  static constexpr int Q_BYTES = BM * ROW, KV_BYTES = BN * ROW;
  static constexpr int STAGE_BYTES = 2 * KV_BYTES; // a K tile, then a V tile
  static constexpr int SMEM_BYTES = Q_BYTES + 2 * STAGE_BYTES;
  static constexpr int PASS_ROWS = THREADS / CHUNKS; // rows per copy pass
  static_assert(PASS_ROWS % 8 == 0, "passes must keep row % 8");
};

// The twin's swizzle: logical 16-byte chunk `chunk` of row `row` is stored
// at chunk ^ (row % 8).
constexpr int swizzle(int row, int chunk) { return chunk ^ (row & 7); }

template <int D, bool CAUSAL>
[[gpu::kernel, gpu::launch_bounds(THREADS), gpu::launch_contract(1, THREADS)]]
void flash_attention_kernel(std::span<const gpu::bfloat16> Q,
                            std::span<const gpu::bfloat16> K,
                            std::span<const gpu::bfloat16> V,
                            gpu::bfloat16 *O, int seq, float scale_log2) {
  using namespace gpu::mma;
  using frag_a = fragment<role::a, m16n8k16, gpu::bfloat16>;
  using frag_b = fragment<role::b, m16n8k16, gpu::bfloat16>;
  using frag_c = fragment<role::accumulator, m16n8k16, float>;
  using L = layout<D>;
  constexpr int BN = L::BN, NT = L::NT, PK = L::PK;

  const gpu::smem_ptr<unsigned char> smem =
      gpu::dynamic_shared_ptr<unsigned char>();
  // The bf16 at byte `offset` of shared memory: a cp.async destination, an
  // ldmatrix row.
  auto dst_at = [&](uint32_t offset) {
    return (smem + offset).cast<gpu::bfloat16>();
  };
  auto at = [&](uint32_t offset) {
    return (smem + offset).cast<const gpu::bfloat16>();
  };
  const int tid = int(gpu::thread_idx().x), lane = tid % 32, warp = tid / 32;

  // The query tiles of one head are consecutive blocks (K and V stay in
  // L2), the last tile first (causal: the longest blocks start first).
  const int q_tiles = seq / BM;
  const int bid = int(gpu::block_idx().x);
  const int bh = bid / q_tiles;
  const int q0 = (q_tiles - 1 - bid % q_tiles) * BM;
  const size_t head = size_t(bh) * seq * D;
  const int kv_tiles = CAUSAL ? (q0 + BM) / BN : seq / BN;

  // Global -> shared: pass p copies chunk tid % CHUNKS of row
  // tid / CHUNKS + p * PASS_ROWS.
  const int cp_row = tid / L::CHUNKS, cp_chunk = tid % L::CHUNKS;
  const uint32_t cp_dst = cp_row * L::ROW + swizzle(cp_row, cp_chunk) * 16;
  const size_t cp_src = head + size_t(cp_row) * D + cp_chunk * 8;
  {
    const gpu::bfloat16 *q = Q.data() + cp_src + size_t(q0) * D;
#pragma unroll
    for (int p = 0; p < BM / L::PASS_ROWS; ++p)
      gpu::cp_async<16>(dst_at(cp_dst + p * L::PASS_ROWS * L::ROW),
                        q + size_t(p) * L::PASS_ROWS * D);
  }
  // K and V tile `tile` into stage `stage`.
  auto load_kv = [&](int tile, int stage) {
    const size_t src = cp_src + size_t(tile) * BN * D;
    const uint32_t dst = cp_dst + L::Q_BYTES + stage * L::STAGE_BYTES;
#pragma unroll
    for (int p = 0; p < BN / L::PASS_ROWS; ++p) {
      gpu::cp_async<16>(dst_at(dst + p * L::PASS_ROWS * L::ROW),
                        K.data() + src + size_t(p) * L::PASS_ROWS * D);
      gpu::cp_async<16>(dst_at(dst + L::KV_BYTES + p * L::PASS_ROWS * L::ROW),
                        V.data() + src + size_t(p) * L::PASS_ROWS * D);
    }
  };
  load_kv(0, 0);
  gpu::cp_async_commit(); // group 0: Q and the first K, V tile

  // This lane's ldmatrix row addresses (byte offsets), as in the twin.
  // Q (A of S): row l % 16 of the m16 tile at chunk 2 kk + l / 16; step
  // kk is offset ^ (kk * 32).
  const int q_row = warp * WM + lane % 16;
  const uint32_t q_frag = q_row * L::ROW + swizzle(q_row, lane / 16) * 16;
  // K (B of S, [key][d]: no .trans): key 8 (l / 16) + l % 8 of the pair of
  // n8 tiles at chunk 2 kk + (l / 8) % 2.
  const int k_row = lane / 16 * 8 + lane % 8;
  const uint32_t k_frag = k_row * L::ROW + swizzle(k_row, lane / 8 % 2) * 16;
  // V (B of P V, [key][d] = [k][n]: .trans): key 16 kk + l % 16 at chunk
  // 2 jd + l / 16.
  const int v_row = lane % 16;
  const uint32_t v_frag = v_row * L::ROW + swizzle(v_row, lane / 16) * 16;

  // This lane's rows are q0 + warp * WM + 16 i + frag_c::row(2 h), h = 0
  // (elements 0, 1) and 1 (elements 2, 3).
  frag_c o[MT][L::DT] = {};
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
    gpu::cp_async_wait<0>();
    gpu::sync_threads();
    if (t + 1 < kv_tiles)
      load_kv(t + 1, (t + 1) % 2);
    gpu::cp_async_commit();
    // Causal: a warp whose rows all precede the tile's first key has
    // nothing to add.
    if (CAUSAL && t * BN > q0 + warp * WM + WM - 1)
      continue;
    const uint32_t k_base = L::Q_BYTES + (t % 2) * L::STAGE_BYTES;
    const uint32_t v_base = k_base + L::KV_BYTES;

    // S = Q K^T (unscaled). One ldmatrix.x4 of K gives the B fragments of
    // two n8 tiles.
    frag_c s[MT][NT] = {};
#pragma unroll
    for (int kk = 0; kk < L::DK; ++kk) {
      frag_a a[MT];
#pragma unroll
      for (int i = 0; i < MT; ++i)
        gpu::mma::ldmatrix<4>(a[i].reg,
                              at((q_frag ^ (kk * 32)) + i * 16 * L::ROW));
#pragma unroll
      for (int jp = 0; jp < NT / 2; ++jp) {
        uint32_t r[4];
        gpu::mma::ldmatrix<4>(
            r, at(k_base + (k_frag ^ (kk * 32)) + jp * 16 * L::ROW));
        frag_b b0, b1;
        b0.reg[0] = r[0];
        b0.reg[1] = r[1];
        b1.reg[0] = r[2];
        b1.reg[1] = r[3];
#pragma unroll
        for (int i = 0; i < MT; ++i) {
          gpu::mma::mma(s[i][2 * jp], a[i], b0);
          gpu::mma::mma(s[i][2 * jp + 1], a[i], b1);
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
            const int row = q0 + warp * WM + 16 * i + int(frag_c::row(e));
            const int key = t * BN + 8 * j + int(frag_c::col(e));
            if (key > row)
              s[i][j].reg[e] = -INFINITY;
          }
    }

    // Online softmax (the twin's): a row's scores of this tile sit in a
    // quad of lanes; exp2 with scale_log2 = log2(e) / sqrt(D) folded in.
#pragma unroll
    for (int i = 0; i < MT; ++i)
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        float m = row_max[i][h];
#pragma unroll
        for (int j = 0; j < NT; ++j)
          m = std::fmax(m, std::fmax(s[i][j].reg[2 * h], s[i][j].reg[2 * h + 1]));
        m = std::fmax(m, gpu::warp::shfl_xor(m, 1));
        m = std::fmax(m, gpu::warp::shfl_xor(m, 2));
        // -inf only while every key so far is masked: subtract 0 then, so
        // that exp2 gives 0 rather than NaN.
        const float m_scaled = m == -INFINITY ? 0.0f : m * scale_log2;
        const float alpha =
            std::exp2(std::fma(row_max[i][h], scale_log2, -m_scaled));
        row_max[i][h] = m;
        float sum = 0.0f;
#pragma unroll
        for (int j = 0; j < NT; ++j)
#pragma unroll
          for (int e = 2 * h; e < 2 * h + 2; ++e) {
            const float p =
                std::exp2(std::fma(s[i][j].reg[e], scale_log2, -m_scaled));
            s[i][j].reg[e] = p;
            sum += p;
          }
        row_sum[i][h] = std::fma(row_sum[i][h], alpha, sum);
#pragma unroll
        for (int j = 0; j < L::DT; ++j) {
          o[i][j].reg[2 * h] *= alpha;
          o[i][j].reg[2 * h + 1] *= alpha;
        }
      }

    // O += P V. frag_a's register r holds elements 2r, 2r + 1 at
    // (row, col) = (g + 8 (r % 2), 2t + 8 (r / 2)) and one column right
    // (g = lane / 4, t = lane % 4); frag_c's elements 0, 1 are at (g, 2t..)
    // and 2, 3 at (g + 8, 2t..). So the A fragment of k16 step kk is S's
    // n8 tile 2 kk (columns 0-7: registers 0, 1) and 2 kk + 1 (columns
    // 8-15: registers 2, 3), element pairs packed as bf16x2.
#pragma unroll
    for (int kk = 0; kk < PK; ++kk) {
      frag_a a[MT];
#pragma unroll
      for (int i = 0; i < MT; ++i)
#pragma unroll
        for (int r = 0; r < 4; ++r) {
          const frag_c &c = s[i][2 * kk + r / 2];
          a[i].reg[r] = gpu::bfloat162::from_floats(c.reg[2 * (r % 2)],
                                                    c.reg[2 * (r % 2) + 1])
                            .bits();
        }
#pragma unroll
      for (int jd = 0; jd < L::DT / 2; ++jd) {
        uint32_t r[4];
        gpu::mma::ldmatrix<4, true>(
            r, at(v_base + (v_frag ^ (jd * 32)) + kk * 16 * L::ROW));
        frag_b b0, b1;
        b0.reg[0] = r[0];
        b0.reg[1] = r[1];
        b1.reg[0] = r[2];
        b1.reg[1] = r[3];
#pragma unroll
        for (int i = 0; i < MT; ++i) {
          gpu::mma::mma(o[i][2 * jd], a[i], b0);
          gpu::mma::mma(o[i][2 * jd + 1], a[i], b1);
        }
      }
    }
  }

  // O / row sum (the quad's parts added), as bf16 pairs.
#pragma unroll
  for (int i = 0; i < MT; ++i)
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      float sum = row_sum[i][h];
      sum += gpu::warp::shfl_xor(sum, 1);
      sum += gpu::warp::shfl_xor(sum, 2);
      const float inv = 1.0f / sum;
      const int row = q0 + warp * WM + 16 * i + int(frag_c::row(2 * h));
      gpu::bfloat162 *out = reinterpret_cast<gpu::bfloat162 *>(
          O + head + size_t(row) * D + frag_c::col(0));
#pragma unroll
      for (int j = 0; j < L::DT; ++j)
        out[4 * j] = gpu::bfloat162::from_floats(o[i][j].reg[2 * h] * inv,
                                                 o[i][j].reg[2 * h + 1] * inv);
    }
}

// --- Host side: nvcc_flash_attention_main.cuh's with Alloy's types (the
// inputs and the check: common/flash_attention_check.hpp) ------------------

constexpr int BATCH = 4, HEADS = 16, SEQ = 4096;

inline std::string bench_name(int d, bool causal) {
  return "flash_attention_d" + std::to_string(d) + (causal ? "_causal" : "");
}

// To bf16, to nearest even (as __float2bfloat16_rn): the twin's bits. On
// the host, float -> gpu::bfloat16 calls __truncsfbf2 (compiler-rt's
// builtins, which alloy++ links since a2a4726; Debian 12's libgcc lacks
// it).
inline gpu::bfloat16 to_bf16(float x) { return gpu::bfloat16(x); }
inline float from_bf16(gpu::bfloat16 x) { return float(x); }

template <int D, bool CAUSAL> int run(gpu::context &ctx) {
  auto &s = ctx.default_stream();
  const size_t n = size_t(BATCH) * HEADS * SEQ * D;
  const std::vector<gpu::bfloat16>
      hq = bench::random_bf16<gpu::bfloat16>(n, 71, to_bf16),
      hk = bench::random_bf16<gpu::bfloat16>(n, 72, to_bf16),
      hv = bench::random_bf16<gpu::bfloat16>(n, 73, to_bf16);
  auto q = gpu::device_buffer<gpu::bfloat16>::from_host(s, hq).value();
  auto k = gpu::device_buffer<gpu::bfloat16>::from_host(s, hk).value();
  auto v = gpu::device_buffer<gpu::bfloat16>::from_host(s, hv).value();
  auto o = gpu::device_buffer<gpu::bfloat16>::uninitialized(s, n).value();
  gpu::memset_async(s, o, 0xff).value();
  const int seq = SEQ;
  const float scale_log2 = float(M_LOG2E / std::sqrt(double(D)));
  auto p = gpu::prepare<flash_attention_kernel<D, CAUSAL>>(
               ctx, gpu::launch_config_1d{BATCH * HEADS * (SEQ / BM), THREADS,
                                          layout<D>::SMEM_BYTES})
               .value();
  gpu::launch(s, p, q, k, v, o, seq, scale_log2).value();
  const bool ok = bench::check_flash_attention(hq, hk, hv, o.to_host(s).value(),
                                               BATCH * HEADS, SEQ, D, CAUSAL,
                                               from_bf16);
  const double us = bench::time_alloy(s, p, q, k, v, o, seq, scale_log2);
  const double flops =
      4.0 * BATCH * HEADS * double(SEQ) * SEQ * D * (CAUSAL ? 0.5 : 1.0);
  return bench::report(bench_name(D, CAUSAL), "alloy", us, "GFLOP/s",
                       bench::gflops(flops, us), ok);
}

} // namespace fa

int main(int, char **argv) {
  return bench::alloy_main(argv[0], [](gpu::context &ctx) {
    return fa::run<FA_HEAD_DIM, FA_CAUSAL>(ctx);
  });
}

#endif // BENCH_FLASH_ATTENTION_ALLOY_FLASH_ATTENTION_HPP
