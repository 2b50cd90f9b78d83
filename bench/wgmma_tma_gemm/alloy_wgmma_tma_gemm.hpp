// wgmma_tma_gemm's Alloy side: bench/wgmma_gemm's kernel with its operands
// brought in by the tensor memory accelerator instead of cp.async. C[M][N]
// (float) = A[M][K] * B[N][K]^T, A and B row-major gpu::half or
// gpu::bfloat16. Block tile 128 x 256, BK = 64, two warpgroups of
// m64n256k16; a ring of 4 stages of 48 KiB (1024-aligned dynamic shared
// memory); thread 0 issues each stage's two TMA loads (boxes of 64 x 128
// and 64 x 256 elements, 128-byte swizzle, what wgmma's b128 tiles expect)
// two k tiles ahead, completing on the stage's mbarrier; one wgmma group
// in flight. The twin of nvcc_wgmma_tma_gemm_kernel.cuh. Requires
// M % 128 == 0, N % 256 == 0, K % 64 == 0.
// The including file defines WGMMA_T and WGMMA_SIZE and mentions
// BENCH_SM90A (build.sh: sm_90a).
#ifndef BENCH_WGMMA_TMA_GEMM_ALLOY_WGMMA_TMA_GEMM_HPP
#define BENCH_WGMMA_TMA_GEMM_ALLOY_WGMMA_TMA_GEMM_HPP

#include "alloy_bench.hpp"
#include "gemm_check.hpp"
#include "half_gemm_inputs.hpp"
#include "output_hash.hpp"
#include <gpu/half.hpp>
#include <gpu/hopper.hpp>
#include <gpu/tma.hpp>
#include <gpu/wgmma.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace wgmma_tma_gemm {

constexpr int BM = 128, BN = 256, BK = 64, STAGES = 4;
constexpr int THREADS = 256;
constexpr int LOOKAHEAD = STAGES - 2;
constexpr int A_TILE_BYTES = BM * BK * 2, B_TILE_BYTES = BN * BK * 2;
constexpr int STAGE_BYTES = A_TILE_BYTES + B_TILE_BYTES;
constexpr int SMEM_BYTES = STAGES * STAGE_BYTES + 1024;
constexpr int GROUP_M = 8;

struct alignas(8) float2 {
  float x, y;
};

template <class T>
[[gpu::kernel, gpu::launch_bounds(THREADS, 1),
  gpu::launch_contract(1, THREADS)]] void
wgmma_tma_gemm_kernel(int M, int N, int K, const gpu::tensor_map<T, 2> amap,
                      const gpu::tensor_map<T, 2> bmap, float *C) {
  using TileA = gpu::wgmma::tile<T, BM, BK>;
  using TileB = gpu::wgmma::tile<T, BN, BK>;
  static_assert(TileA::bytes == A_TILE_BYTES && TileB::bytes == B_TILE_BYTES);
  constexpr int KSTEP = TileA::k_step;
  [[gpu::shared]] gpu::mbarrier full[STAGES];

  const gpu::smem_ptr<unsigned char> dyn =
      gpu::dynamic_shared_ptr<unsigned char>();
  const uint32_t misalign =
      gpu::wgmma::detail::shared_address(dyn.get()) & 1023u;
  const gpu::smem_ptr<unsigned char> smem = dyn + ((1024u - misalign) & 1023u);

  const int tid = int(gpu::thread_idx().x);
  const int wg = gpu::wgmma::warpgroup_index();
  const int tiles_n = N / BN, tiles_m = M / BM;
  const int per_group = GROUP_M * tiles_n;
  const int bid = int(gpu::block_idx().x);
  const int first_m = bid / per_group * GROUP_M;
  const int group_rows = std::min(tiles_m - first_m, GROUP_M);
  const int in_group = bid % per_group;
  const int tile_m = first_m + in_group % group_rows;
  const int tile_n = in_group / group_rows;

  auto stage_a = [&](int stage) {
    return reinterpret_cast<T *>((smem + stage * STAGE_BYTES).get());
  };
  auto stage_b = [&](int stage) {
    return reinterpret_cast<T *>(
        (smem + (stage * STAGE_BYTES + A_TILE_BYTES)).get());
  };
  // Thread 0: k tile `kt` into `stage`, both boxes completing on its
  // mbarrier (which expects their bytes).
  auto load = [&](int kt, int stage) {
    full[stage].arrive_expect_tx(STAGE_BYTES);
    gpu::tma::load(stage_a(stage), amap, kt * BK, tile_m * BM, full[stage]);
    gpu::tma::load(stage_b(stage), bmap, kt * BK, tile_n * BN, full[stage]);
  };

  const int k_tiles = K / BK;
  if (tid == 0) {
    gpu::tma::prefetch(amap);
    gpu::tma::prefetch(bmap);
    for (int s = 0; s < STAGES; ++s)
      full[s].init(1);
    gpu::fence_mbarrier_init();
  }
  gpu::sync_threads();
  if (tid == 0)
    for (int s = 0; s < LOOKAHEAD && s < k_tiles; ++s)
      load(s, s);

  gpu::wgmma::accumulator<BN> acc;
  int read_stage = 0, write_stage = LOOKAHEAD;
  for (int t = 0; t < k_tiles; ++t) {
    // Every warpgroup has retired k tile t - 2 (its wait<1> of the last
    // iteration), so its stage may be refilled.
    gpu::sync_threads();
    if (tid == 0 && t + LOOKAHEAD < k_tiles)
      load(t + LOOKAHEAD, write_stage);
    full[read_stage].wait_parity(uint32_t(t / STAGES) & 1u);
    const TileA &ta = *reinterpret_cast<const TileA *>(stage_a(read_stage));
    const TileB &tb = *reinterpret_cast<const TileB *>(stage_b(read_stage));
    gpu::wgmma::fence(acc);
#pragma unroll
    for (int k = 0; k < BK; k += KSTEP)
      gpu::wgmma::mma_async(acc, ta.desc(wg * 64, k), tb.desc(0, k),
                            t > 0 || k > 0);
    gpu::wgmma::commit();
    read_stage = read_stage + 1 == STAGES ? 0 : read_stage + 1;
    write_stage = write_stage + 1 == STAGES ? 0 : write_stage + 1;
    gpu::wgmma::wait<1>();
  }
  gpu::wgmma::wait<0>(acc);

  float *c = C + size_t(tile_m * BM + wg * 64 + acc.row(0)) * N +
             tile_n * BN + acc.col(0);
#pragma unroll
  for (int j = 0; j < BN / 8; ++j) {
    *reinterpret_cast<float2 *>(c + j * 8) = float2{acc[4 * j], acc[4 * j + 1]};
    *reinterpret_cast<float2 *>(c + size_t(8) * N + j * 8) =
        float2{acc[4 * j + 2], acc[4 * j + 3]};
  }
}

template <class T> std::string bench_name(int size) {
  return std::string("wgmma_tma_gemm_") + bench::gemm_type_name<T>() + "_" +
         std::to_string(size);
}

template <class T> int run(gpu::context &ctx, int size) {
  const int M = size, N = size, K = size;
  const std::string name = bench_name<T>(M);
  auto &s = ctx.default_stream();
  std::vector<float> a_host, b_host;
  auto a = gpu::device_buffer<T>::from_host(
               s, bench::random_gemm_matrix<T>(size_t(M) * K, 41, a_host))
               .value();
  auto b = gpu::device_buffer<T>::from_host(
               s, bench::random_gemm_matrix<T>(size_t(N) * K, 42, b_host))
               .value();
  auto c = gpu::device_buffer<float>::uninitialized(s, size_t(M) * N).value();
  gpu::memset_async(s, c, 0xff).value();
  auto amap = gpu::tensor_map<T, 2>::tiled(
      a, {uint64_t(K), uint64_t(M)}, {uint32_t(BK), uint32_t(BM)},
      gpu::tma_swizzle::b128);
  auto bmap = gpu::tensor_map<T, 2>::tiled(
      b, {uint64_t(K), uint64_t(N)}, {uint32_t(BK), uint32_t(BN)},
      gpu::tma_swizzle::b128);
  if (!amap || !bmap) {
    std::fprintf(stderr, "%s: tensor maps: %s\n", name.c_str(),
                 (!amap ? amap.error() : bmap.error()).message().c_str());
    return bench::report(name, "alloy", 0, "GFLOP/s", 0, false);
  }
  auto p = gpu::prepare<wgmma_tma_gemm_kernel<T>>(
      ctx, gpu::launch_config_1d{(M / BM) * (N / BN), THREADS, SMEM_BYTES});
  if (!p) {
    std::fprintf(stderr, "%s: prepare: %s\n", name.c_str(),
                 p.error().message().c_str());
    return bench::report(name, "alloy", 0, "GFLOP/s", 0, false);
  }
  auto launched = gpu::launch(s, *p, M, N, K, *amap, *bmap, c);
  if (!launched) {
    std::fprintf(stderr, "%s: launch: %s\n", name.c_str(),
                 launched.error().message().c_str());
    return bench::report(name, "alloy", 0, "GFLOP/s", 0, false);
  }
  auto result = c.to_host(s);
  if (!result) {
    std::fprintf(stderr, "%s: kernel: %s\n", name.c_str(),
                 result.error().message().c_str());
    return bench::report(name, "alloy", 0, "GFLOP/s", 0, false);
  }
  std::vector<float> c_host = std::move(*result);
  bool ok = bench::check_half_gemm(a_host, b_host, c_host, M, N, K);
  bench::print_input_hash(a_host, b_host);
  bench::print_output_hash(name, "alloy", c_host);
  double us = bench::time_alloy(s, *p, M, N, K, *amap, *bmap, c);
  return bench::report(name, "alloy", us, "GFLOP/s",
                       bench::gflops(2.0 * M * N * K, us), ok);
}

} // namespace wgmma_tma_gemm

int main(int, char **argv) {
  return bench::alloy_main(argv[0], [](gpu::context &ctx) {
    return wgmma_tma_gemm::run<WGMMA_T>(ctx, WGMMA_SIZE);
  });
}

#endif // BENCH_WGMMA_TMA_GEMM_ALLOY_WGMMA_TMA_GEMM_HPP
