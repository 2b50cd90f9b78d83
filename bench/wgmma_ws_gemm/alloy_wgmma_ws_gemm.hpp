// wgmma_ws_gemm's Alloy side: a warp-specialized, persistent TMA + wgmma
// GEMM, the shape of CUTLASS's "warpspecialized cooperative" kernels.
// C[M][N] (float) = A[M][K] * B[N][K]^T, A and B row-major gpu::half,
// gpu::bfloat16 or gpu::fp8_e4m3 (then the k tile is 128 elements, one
// 128-byte row, and the mma m64n256k32). One block per multiprocessor walks the 128 x 256 output
// tiles (grouped by 8 rows of tiles, for L2) in steps of the grid. Three
// warpgroups: the producer (setmaxnreg down to 40 registers) has one
// thread issue the TMA loads of each k tile (64 x 128 of A, 64 x 256 of B,
// 128-byte swizzle) into a ring of 4 stages, each stage guarded by a
// `full` mbarrier (the loads' bytes) and an `empty` one (one arrival per
// consumer); the two consumers (setmaxnreg up to 232) each multiply 64
// rows of the tile with m64n256k16, keep one wgmma group in flight, hand
// a stage back as soon as the group reading it retires, and store their
// accumulators while the producer already loads the next tile. The twin
// of nvcc_wgmma_ws_gemm_kernel.cuh. Requires M % 128 == 0, N % 256 == 0,
// K % BK == 0.
// The including file defines WGMMA_T and WGMMA_SIZE and mentions
// BENCH_SM90A (build.sh: sm_90a).
#ifndef BENCH_WGMMA_WS_GEMM_ALLOY_WGMMA_WS_GEMM_HPP
#define BENCH_WGMMA_WS_GEMM_ALLOY_WGMMA_WS_GEMM_HPP

#include "alloy_bench.hpp"
#include "gemm_check.hpp"
#include "half_gemm_inputs.hpp"
#include "output_hash.hpp"
#include <gpu/cluster.hpp>
#include <gpu/device_properties.hpp>
#include <gpu/half.hpp>
#include <gpu/hopper.hpp>
#include <gpu/tma.hpp>
#include <gpu/wgmma.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace wgmma_ws_gemm {

constexpr int BM = 128, BN = 256, STAGES = 4;
constexpr int THREADS = 384; // producer + two consumer warpgroups
constexpr int TILE_ROW_BYTES = 128; // a k tile's row: one 128-byte swizzle row
template <class T> constexpr int BK = TILE_ROW_BYTES / int(sizeof(T));
constexpr int A_TILE_BYTES = BM * TILE_ROW_BYTES;
constexpr int B_TILE_BYTES = BN * TILE_ROW_BYTES;
constexpr int STAGE_BYTES = A_TILE_BYTES + B_TILE_BYTES;
constexpr int SMEM_BYTES = STAGES * STAGE_BYTES + 1024;
constexpr int GROUP_M = 8;

struct alignas(8) float2 {
  float x, y;
};

// Output tile `tile` of a tiles_m x tiles_n grid, in groups of GROUP_M
// tile rows (neighbouring blocks share A and B panels in L2).
struct tile_coord {
  int m, n;
};
inline tile_coord tile_at(int tile, int tiles_m, int tiles_n) {
  const int per_group = GROUP_M * tiles_n;
  const int first_m = tile / per_group * GROUP_M;
  const int group_rows = std::min(tiles_m - first_m, GROUP_M);
  const int in_group = tile % per_group;
  return {first_m + in_group % group_rows, in_group / group_rows};
}

template <class T>
[[gpu::kernel, gpu::launch_bounds(THREADS, 1),
  gpu::launch_contract(1, THREADS)]] void
wgmma_ws_gemm_kernel(int M, int N, int K, const gpu::tensor_map<T, 2> amap,
                     const gpu::tensor_map<T, 2> bmap, float *C) {
  constexpr int BK = wgmma_ws_gemm::BK<T>;
  using TileA = gpu::wgmma::tile<T, BM, BK>;
  using TileB = gpu::wgmma::tile<T, BN, BK>;
  static_assert(TileA::bytes == A_TILE_BYTES && TileB::bytes == B_TILE_BYTES);
  constexpr int KSTEP = TileA::k_step;
  [[gpu::shared]] gpu::mbarrier full[STAGES];
  [[gpu::shared]] gpu::mbarrier empty[STAGES];

  const gpu::smem_ptr<unsigned char> dyn =
      gpu::dynamic_shared_ptr<unsigned char>();
  const uint32_t misalign =
      gpu::wgmma::detail::shared_address(dyn.get()) & 1023u;
  const gpu::smem_ptr<unsigned char> smem = dyn + ((1024u - misalign) & 1023u);
  auto stage_a = [&](int stage) {
    return reinterpret_cast<T *>((smem + stage * STAGE_BYTES).get());
  };
  auto stage_b = [&](int stage) {
    return reinterpret_cast<T *>(
        (smem + (stage * STAGE_BYTES + A_TILE_BYTES)).get());
  };

  const int tid = int(gpu::thread_idx().x);
  const int wg = gpu::wgmma::warpgroup_index();
  const int tiles_m = M / BM, tiles_n = N / BN, tiles = tiles_m * tiles_n;
  const int first = int(gpu::block_idx().x), step = int(gpu::grid_dim().x);
  const int k_tiles = K / BK;

  if (tid == 0) {
    gpu::tma::prefetch(amap);
    gpu::tma::prefetch(bmap);
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
    int stage = 0;
    uint32_t phase = 0;
    for (int tile = first; tile < tiles; tile += step) {
      const tile_coord tc = tile_at(tile, tiles_m, tiles_n);
      for (int kt = 0; kt < k_tiles; ++kt) {
        empty[stage].wait_parity(phase ^ 1u); // both consumers are done
        full[stage].arrive_expect_tx(STAGE_BYTES);
        gpu::tma::load(stage_a(stage), amap, kt * BK, tc.m * BM, full[stage]);
        gpu::tma::load(stage_b(stage), bmap, kt * BK, tc.n * BN, full[stage]);
        if (++stage == STAGES) {
          stage = 0;
          phase ^= 1u;
        }
      }
    }
    return;
  }

  // A consumer: rows (wg - 1) * 64 .. + 63 of each tile.
  gpu::warpgroup::acquire_registers<232>();
  const int rows = (wg - 1) * 64;
  const bool signals = tid % 128 == 0; // arrives for its warpgroup
  int stage = 0;
  uint32_t phase = 0;
  for (int tile = first; tile < tiles; tile += step) {
    const tile_coord tc = tile_at(tile, tiles_m, tiles_n);
    gpu::wgmma::accumulator<BN> acc;
    int previous = 0;
    for (int kt = 0; kt < k_tiles; ++kt) {
      full[stage].wait_parity(phase);
      const TileA &ta = *reinterpret_cast<const TileA *>(stage_a(stage));
      const TileB &tb = *reinterpret_cast<const TileB *>(stage_b(stage));
      gpu::wgmma::fence(acc);
#pragma unroll
      for (int k = 0; k < BK; k += KSTEP)
        gpu::wgmma::mma_async(acc, ta.desc(rows, k), tb.desc(0, k),
                              kt > 0 || k > 0);
      gpu::wgmma::commit();
      gpu::wgmma::wait<1>(); // the group of k tile kt - 1 has retired
      if (kt > 0 && signals)
        empty[previous].arrive();
      previous = stage;
      if (++stage == STAGES) {
        stage = 0;
        phase ^= 1u;
      }
    }
    gpu::wgmma::wait<0>(acc);
    if (signals)
      empty[previous].arrive();

    float *c = C + size_t(tc.m * BM + rows + acc.row(0)) * N + tc.n * BN +
               acc.col(0);
#pragma unroll
    for (int j = 0; j < BN / 8; ++j) {
      *reinterpret_cast<float2 *>(c + j * 8) =
          float2{acc[4 * j], acc[4 * j + 1]};
      *reinterpret_cast<float2 *>(c + size_t(8) * N + j * 8) =
          float2{acc[4 * j + 2], acc[4 * j + 3]};
    }
  }
}

template <class T> std::string bench_name(int size) {
  return std::string("wgmma_ws_gemm_") + bench::gemm_type_name<T>() + "_" +
         std::to_string(size);
}

template <class T> int run(gpu::context &ctx, int size) {
  const int M = size, N = size, K = size;
  constexpr int BK = wgmma_ws_gemm::BK<T>;
  const std::string name = bench_name<T>(M);
  auto fail = [&](const char *what, const gpu::error &e) {
    std::fprintf(stderr, "%s: %s: %s\n", name.c_str(), what,
                 e.message().c_str());
    return bench::report(name, "alloy", 0, "GFLOP/s", 0, false);
  };
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
  if (!amap)
    return fail("tensor map of A", amap.error());
  auto bmap = gpu::tensor_map<T, 2>::tiled(
      b, {uint64_t(K), uint64_t(N)}, {uint32_t(BK), uint32_t(BN)},
      gpu::tma_swizzle::b128);
  if (!bmap)
    return fail("tensor map of B", bmap.error());
  auto props = ctx.properties();
  if (!props)
    return fail("properties", props.error());
  const int tiles = (M / BM) * (N / BN);
  const int blocks = std::min(tiles, props->multiprocessor_count);
  auto p = gpu::prepare<wgmma_ws_gemm_kernel<T>>(
      ctx, gpu::launch_config_1d{blocks, THREADS, SMEM_BYTES});
  if (!p)
    return fail("prepare", p.error());
  auto launched = gpu::launch(s, *p, M, N, K, *amap, *bmap, c);
  if (!launched)
    return fail("launch", launched.error());
  auto result = c.to_host(s);
  if (!result)
    return fail("kernel", result.error());
  std::vector<float> c_host = std::move(*result);
  bool ok = bench::check_half_gemm(a_host, b_host, c_host, M, N, K,
                                   bench::gemm_tolerance<T>());
  bench::print_input_hash(a_host, b_host);
  bench::print_output_hash(name, "alloy", c_host);
  double us = bench::time_alloy(s, *p, M, N, K, *amap, *bmap, c);
  return bench::report(name, "alloy", us, "GFLOP/s",
                       bench::gflops(2.0 * M * N * K, us), ok);
}

} // namespace wgmma_ws_gemm

int main(int, char **argv) {
  return bench::alloy_main(argv[0], [](gpu::context &ctx) {
    return wgmma_ws_gemm::run<WGMMA_T>(ctx, WGMMA_SIZE);
  });
}

#endif // BENCH_WGMMA_WS_GEMM_ALLOY_WGMMA_WS_GEMM_HPP
