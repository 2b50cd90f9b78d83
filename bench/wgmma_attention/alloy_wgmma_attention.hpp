// wgmma_attention's Alloy side: a FlashAttention-3-style attention forward
// on Hopper, O = softmax(Q K^T / sqrt(D)) V per (batch, head), bf16 Q, K,
// V, O of shape [batch, heads, seq, D] (row-major), D = 64 or 128,
// optionally causal; the problem, inputs and check of bench/flash_attention.
// One block of three warpgroups per (batch * head, 128-row query tile),
// the longest causal tiles first. The producer warpgroup (setmaxnreg down
// to 40) has one thread load, with TMA, the Q tile once and each 128-key K
// and V tile into a ring of two stages (full/empty mbarriers). Each of the
// two consumers (setmaxnreg up to 232) owns 64 query rows: S = Q K^T by
// wgmma from shared memory (m64n128k16, K K-major), the online softmax in
// registers, P rounded to bf16 straight into wgmma A fragments
// (a_fragment::from), O += P V by wgmma with A in registers and V read
// N-major (mn_major_tile: V as stored, no transpose). Not FA3's
// intra-warpgroup pipelining or ping-pong scheduling: the two consumers
// overlap each other. The twin of nvcc_wgmma_attention_kernel.cuh.
// The including file defines FA_HEAD_DIM (64 or 128) and FA_CAUSAL and
// mentions BENCH_SM90A (build.sh: sm_90a).
#ifndef BENCH_WGMMA_ATTENTION_ALLOY_WGMMA_ATTENTION_HPP
#define BENCH_WGMMA_ATTENTION_ALLOY_WGMMA_ATTENTION_HPP

#include "alloy_bench.hpp"
#include "flash_attention_check.hpp"
#include <gpu/cluster.hpp>
#include <gpu/half.hpp>
#include <gpu/hopper.hpp>
#include <gpu/tma.hpp>
#include <gpu/warp.hpp>
#include <gpu/wgmma.hpp>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace fa3 {

using bf16 = gpu::bfloat16;
constexpr int BM = 128, BN = 128; // query rows, keys per tile
constexpr int STAGES = 2;
constexpr int THREADS = 384; // producer + two consumer warpgroups
constexpr int PANEL = 64;    // columns of a 128-byte swizzle row (a TMA box)

template <int D> struct layout {
  static_assert(D == 64 || D == 128, "head dimension 64 or 128");
  static constexpr int Q_BYTES = BM * D * 2, KV_BYTES = BN * D * 2;
  static constexpr int STAGE_BYTES = 2 * KV_BYTES; // K, then V
  static constexpr int SMEM_BYTES = Q_BYTES + STAGES * STAGE_BYTES + 1024;
};

template <int D, bool CAUSAL>
[[gpu::kernel, gpu::launch_bounds(THREADS, 1),
  gpu::launch_contract(1, THREADS)]] void
wgmma_attention_kernel(const gpu::tensor_map<bf16, 2> qmap,
                       const gpu::tensor_map<bf16, 2> kmap,
                       const gpu::tensor_map<bf16, 2> vmap, bf16 *O, int seq,
                       float scale_log2) {
  using L = layout<D>;
  using TileQ = gpu::wgmma::tile<bf16, BM, D>;
  using TileK = gpu::wgmma::tile<bf16, BN, D>;
  using TileV = gpu::wgmma::mn_major_tile<bf16, BN, D>;
  using Frag = gpu::wgmma::a_fragment<bf16>;
  static_assert(TileQ::bytes == L::Q_BYTES && TileK::bytes == L::KV_BYTES &&
                TileV::bytes == L::KV_BYTES);
  [[gpu::shared]] gpu::mbarrier q_full;
  [[gpu::shared]] gpu::mbarrier full[STAGES];
  [[gpu::shared]] gpu::mbarrier empty[STAGES];

  const gpu::smem_ptr<unsigned char> dyn =
      gpu::dynamic_shared_ptr<unsigned char>();
  const uint32_t misalign =
      gpu::wgmma::detail::shared_address(dyn.get()) & 1023u;
  const gpu::smem_ptr<unsigned char> smem = dyn + ((1024u - misalign) & 1023u);
  bf16 *q_smem = reinterpret_cast<bf16 *>(smem.get());
  auto k_smem = [&](int stage) {
    return reinterpret_cast<bf16 *>(
        (smem + (L::Q_BYTES + stage * L::STAGE_BYTES)).get());
  };
  auto v_smem = [&](int stage) {
    return reinterpret_cast<bf16 *>(
        (smem + (L::Q_BYTES + stage * L::STAGE_BYTES + L::KV_BYTES)).get());
  };

  const int tid = int(gpu::thread_idx().x);
  const int wg = gpu::wgmma::warpgroup_index();
  const int q_tiles = seq / BM;
  const int bid = int(gpu::block_idx().x);
  const int heads = int(gpu::grid_dim().x) / q_tiles; // batch * heads
  const int bh = bid % heads;
  const int q_tile = q_tiles - 1 - bid / heads;
  const int q0 = q_tile * BM;
  const int row0 = bh * seq; // the head's first row in the [rows, D] views
  const int kv_tiles = CAUSAL ? q_tile + 1 : seq / BN;

  if (tid == 0) {
    gpu::tma::prefetch(qmap);
    gpu::tma::prefetch(kmap);
    gpu::tma::prefetch(vmap);
    q_full.init(1);
    for (int s = 0; s < STAGES; ++s) {
      full[s].init(1);
      empty[s].init(2);
    }
    gpu::fence_mbarrier_init();
  }
  gpu::sync_threads();

  if (wg == 0) { // the producer
    gpu::warpgroup::release_registers<40>();
    if (tid != 0)
      return;
    q_full.arrive_expect_tx(L::Q_BYTES);
#pragma unroll
    for (int p = 0; p < D / PANEL; ++p)
      gpu::tma::load(q_smem + p * BM * PANEL, qmap, p * PANEL, row0 + q0,
                     q_full);
    int stage = 0;
    uint32_t phase = 0;
    for (int t = 0; t < kv_tiles; ++t) {
      empty[stage].wait_parity(phase ^ 1u);
      full[stage].arrive_expect_tx(L::STAGE_BYTES);
#pragma unroll
      for (int p = 0; p < D / PANEL; ++p) {
        gpu::tma::load(k_smem(stage) + p * BN * PANEL, kmap, p * PANEL,
                       row0 + t * BN, full[stage]);
        gpu::tma::load(v_smem(stage) + p * BN * PANEL, vmap, p * PANEL,
                       row0 + t * BN, full[stage]);
      }
      if (++stage == STAGES) {
        stage = 0;
        phase ^= 1u;
      }
    }
    return;
  }

  // A consumer: query rows q0 + rows .. + 63. (40 + 2 * 232) * 128 =
  // 64,512 of the 65,536 registers; more and setmaxnreg.inc waits forever.
  gpu::warpgroup::acquire_registers<232>();
  const int rows = (wg - 1) * 64;
  const bool signals = tid % 128 == 0;
  const TileQ &tq = *reinterpret_cast<const TileQ *>(q_smem);
  gpu::wgmma::accumulator<BN> s;
  gpu::wgmma::accumulator<D> o;
  o.zero();
  // This thread's two rows (r and r + 8 of the warpgroup's 64): running
  // max (raw scores) and sum of exp2.
  float row_max[2] = {-INFINITY, -INFINITY}, row_sum[2] = {0.0f, 0.0f};
  const int my_row = q0 + rows + int(s.row(0)); // and my_row + 8
  q_full.wait_parity(0);

  int stage = 0;
  uint32_t phase = 0;
  for (int t = 0; t < kv_tiles; ++t) {
    full[stage].wait_parity(phase);
    const TileK &tk = *reinterpret_cast<const TileK *>(k_smem(stage));
    const TileV &tv = *reinterpret_cast<const TileV *>(v_smem(stage));
    gpu::wgmma::fence(s);
#pragma unroll
    for (int k = 0; k < D; k += 16)
      gpu::wgmma::mma_async(s, tq.desc(rows, k), tk.desc(0, k), k > 0);
    gpu::wgmma::commit();
    gpu::wgmma::wait<0>(s);

    // The diagonal tile. With `==`, LLVM substitutes t's value into the
    // compares and hoists all of them above the loop; `>=` keeps them here.
    if (CAUSAL && t >= kv_tiles - 1) {
#pragma unroll
      for (int i = 0; i < s.size; ++i)
        if (t * BN + int(s.col(i)) > q0 + rows + int(s.row(i)))
          s[i] = -INFINITY;
    }
    // Online softmax: a row's values of this tile sit in a quad of lanes.
    float alpha[2];
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      float m = row_max[h];
#pragma unroll
      for (int j = 0; j < BN / 8; ++j)
        m = std::fmax(m, std::fmax(s[4 * j + 2 * h], s[4 * j + 2 * h + 1]));
      m = std::fmax(m, gpu::warp::shfl_xor(m, 1));
      m = std::fmax(m, gpu::warp::shfl_xor(m, 2));
      const float m_scaled = m * scale_log2; // finite: key 0 is never masked
      alpha[h] = std::exp2(std::fma(row_max[h], scale_log2, -m_scaled));
      row_max[h] = m;
      float sum = 0.0f;
#pragma unroll
      for (int j = 0; j < BN / 8; ++j)
#pragma unroll
        for (int e = 0; e < 2; ++e) {
          float &x = s[4 * j + 2 * h + e];
          x = std::exp2(std::fma(x, scale_log2, -m_scaled));
          sum += x;
        }
      row_sum[h] = row_sum[h] * alpha[h] + sum;
    }
#pragma unroll
    for (int j = 0; j < D / 8; ++j)
#pragma unroll
      for (int e = 0; e < 4; ++e)
        o[4 * j + e] *= alpha[e / 2];

    Frag p[BN / 16];
#pragma unroll
    for (int j = 0; j < BN / 16; ++j)
      p[j] = Frag::from(s, j);
    gpu::wgmma::fence(o);
#pragma unroll
    for (int j = 0; j < BN / 16; ++j)
      gpu::wgmma::mma_async(o, p[j], tv.desc(16 * j));
    gpu::wgmma::commit();
    gpu::wgmma::wait<0>(o);
    if (signals)
      empty[stage].arrive();
    if (++stage == STAGES) {
      stage = 0;
      phase ^= 1u;
    }
  }

  // O / row sum (the quad's parts added), as bf16 pairs.
#pragma unroll
  for (int h = 0; h < 2; ++h) {
    float sum = row_sum[h];
    sum += gpu::warp::shfl_xor(sum, 1);
    sum += gpu::warp::shfl_xor(sum, 2);
    const float inv = 1.0f / sum;
    gpu::bfloat162 *out = reinterpret_cast<gpu::bfloat162 *>(
        O + (size_t(row0) + my_row + 8 * h) * D + o.col(0));
#pragma unroll
    for (int j = 0; j < D / 8; ++j)
      out[4 * j] = gpu::bfloat162::from_floats(o[4 * j + 2 * h] * inv,
                                               o[4 * j + 2 * h + 1] * inv);
  }
}

// --- Host side: bench/flash_attention's problem, inputs and check --------

constexpr int BATCH = 4, HEADS = 16, SEQ = 4096;

inline std::string bench_name(int d, bool causal) {
  return "wgmma_attention_d" + std::to_string(d) + (causal ? "_causal" : "");
}
inline bf16 to_bf16(float x) { return bf16(x); }
inline float from_bf16(bf16 x) { return float(x); }

template <int D, bool CAUSAL> int run(gpu::context &ctx) {
  const std::string name = bench_name(D, CAUSAL);
  auto fail = [&](const char *what, const gpu::error &e) {
    std::fprintf(stderr, "%s: %s: %s\n", name.c_str(), what,
                 e.message().c_str());
    return bench::report(name, "alloy", 0, "GFLOP/s", 0, false);
  };
  auto &s = ctx.default_stream();
  const size_t n = size_t(BATCH) * HEADS * SEQ * D;
  const std::vector<bf16> hq = bench::random_bf16<bf16>(n, 71, to_bf16),
                          hk = bench::random_bf16<bf16>(n, 72, to_bf16),
                          hv = bench::random_bf16<bf16>(n, 73, to_bf16);
  auto q = gpu::device_buffer<bf16>::from_host(s, hq).value();
  auto k = gpu::device_buffer<bf16>::from_host(s, hk).value();
  auto v = gpu::device_buffer<bf16>::from_host(s, hv).value();
  auto o = gpu::device_buffer<bf16>::uninitialized(s, n).value();
  gpu::memset_async(s, o, 0xff).value();
  const uint64_t rows = uint64_t(BATCH) * HEADS * SEQ;
  auto map = [&](const gpu::device_buffer<bf16> &b, int box_rows) {
    return gpu::tensor_map<bf16, 2>::tiled(
        b, {uint64_t(D), rows}, {uint32_t(PANEL), uint32_t(box_rows)},
        gpu::tma_swizzle::b128);
  };
  auto qmap = map(q, BM), kmap = map(k, BN), vmap = map(v, BN);
  if (!qmap || !kmap || !vmap)
    return fail("tensor maps",
                (!qmap ? qmap : !kmap ? kmap : vmap).error());
  const int seq = SEQ;
  const float scale_log2 = float(M_LOG2E / std::sqrt(double(D)));
  auto p = gpu::prepare<wgmma_attention_kernel<D, CAUSAL>>(
      ctx, gpu::launch_config_1d{BATCH * HEADS * (SEQ / BM), THREADS,
                                 layout<D>::SMEM_BYTES});
  if (!p)
    return fail("prepare", p.error());
  auto launched = gpu::launch(s, *p, *qmap, *kmap, *vmap, o, seq, scale_log2);
  if (!launched)
    return fail("launch", launched.error());
  auto out = o.to_host(s);
  if (!out)
    return fail("kernel", out.error());
  const bool ok = bench::check_flash_attention(hq, hk, hv, *out,
                                               BATCH * HEADS, SEQ, D, CAUSAL,
                                               from_bf16);
  const double us =
      bench::time_alloy(s, *p, *qmap, *kmap, *vmap, o, seq, scale_log2);
  const double flops =
      4.0 * BATCH * HEADS * double(SEQ) * SEQ * D * (CAUSAL ? 0.5 : 1.0);
  return bench::report(name, "alloy", us, "GFLOP/s", bench::gflops(flops, us),
                       ok);
}

} // namespace fa3

int main(int, char **argv) {
  return bench::alloy_main(argv[0], [](gpu::context &ctx) {
    return fa3::run<FA_HEAD_DIM, FA_CAUSAL>(ctx);
  });
}

#endif // BENCH_WGMMA_ATTENTION_ALLOY_WGMMA_ATTENTION_HPP
