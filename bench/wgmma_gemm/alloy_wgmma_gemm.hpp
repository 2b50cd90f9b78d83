// wgmma_gemm's Alloy side: C[M][N] (float) = A[M][K] * B[N][K]^T, A and B
// row-major gpu::half or gpu::bfloat16 (both K-major), fp32 accumulation,
// on Hopper's warpgroup tensor cores through gpu::wgmma (wgmma.mma_async,
// sm_90a) fed by gpu::cp_async. The same kernel as
// nvcc_wgmma_gemm_kernel.cuh, which explains the design: block tile
// 128 x 256, BK = 64, two consumer warpgroups of 64 x 256 (m64n256k16, four
// per k tile, one commit group), a ring of 4 stages of 48 KiB in dynamic
// shared memory (1024-aligned, 128-byte swizzle) filled by 16-byte
// cp.async (.cg) two k tiles ahead, one wgmma group left in flight
// (wait<1>), 8-row grouped block order, float2 stores. Requires
// M % 128 == 0, N % 256 == 0, K % 64 == 0, K >= 128.
// The including file defines WGMMA_T (gpu::half or gpu::bfloat16) and
// WGMMA_SIZE (M = N = K), and mentions BENCH_SM90A (build.sh: sm_90a).
#ifndef BENCH_WGMMA_GEMM_ALLOY_WGMMA_GEMM_HPP
#define BENCH_WGMMA_GEMM_ALLOY_WGMMA_GEMM_HPP

#include "alloy_bench.hpp"
#include "gemm_check.hpp"
#include "half_gemm_inputs.hpp"
#include "output_hash.hpp"
#include <gpu/half.hpp>
#include <gpu/hopper.hpp>
#include <gpu/tensor_core.hpp>
#include <gpu/transfers.hpp>
#include <gpu/wgmma.hpp>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace wgmma_gemm {

constexpr int BM = 128, BN = 256, BK = 64, STAGES = 4;
constexpr int WARPGROUPS = BM / 64, THREADS = 128 * WARPGROUPS;
// Loads run LOOKAHEAD = STAGES - 2 k tiles ahead: the stage a load refills
// held k tile t - 2, which every warpgroup's wait<1> has retired by the
// sync_threads of iteration t.
constexpr int LOOKAHEAD = STAGES - 2;
constexpr int A_TILE_BYTES = BM * BK * 2, B_TILE_BYTES = BN * BK * 2;
constexpr int STAGE_BYTES = A_TILE_BYTES + B_TILE_BYTES;
// One extra KiB: the ring starts at the first 1024-aligned shared address.
constexpr int SMEM_BYTES = STAGES * STAGE_BYTES + 1024;
constexpr int GROUP_M = 8;

// Global -> shared: 16-byte chunks, 8 per 128-byte row of a tile; pass p
// copies row tid / 8 + 32 p, chunk tid % 8.
constexpr int CHUNKS_PER_ROW = BK / 8, PASS_ROWS = THREADS / CHUNKS_PER_ROW;
constexpr int A_PASSES = BM / PASS_ROWS, B_PASSES = BN / PASS_ROWS;
static_assert(PASS_ROWS % 8 == 0,
              "a thread's swizzle must be the same in every pass");
static_assert(STAGES >= 3 && STAGES - 2 <= 7, "the ring");

// CUDA's float2 (Alloy has no vector types): 8-byte aligned, one st.v2.f32.
struct alignas(8) float2 {
  float x, y;
};

template <class T>
[[gpu::kernel, gpu::launch_bounds(THREADS, 1),
  gpu::launch_contract(1, THREADS)]] void
wgmma_gemm_kernel(int M, int N, int K, std::span<const T> A,
                  std::span<const T> B, float *C) {
  using TileA = gpu::wgmma::tile<T, BM, BK>; // 128-byte swizzle
  using TileB = gpu::wgmma::tile<T, BN, BK>;
  static_assert(TileA::bytes == A_TILE_BYTES && TileB::bytes == B_TILE_BYTES);
  constexpr int KSTEP = TileA::k_step; // 16

  // The ring, from the first 1024-aligned address of dynamic shared memory.
  const gpu::smem_ptr<unsigned char> dyn =
      gpu::dynamic_shared_ptr<unsigned char>();
  const uint32_t misalign =
      gpu::wgmma::detail::shared_address(dyn.get()) & 1023u;
  const gpu::smem_ptr<unsigned char> smem = dyn + ((1024u - misalign) & 1023u);

  const int tid = int(gpu::thread_idx().x);

  // The block's tile, in groups of GROUP_M tile rows, column by column.
  const int tiles_n = N / BN, tiles_m = M / BM;
  const int per_group = GROUP_M * tiles_n;
  const int bid = int(gpu::block_idx().x);
  const int first_m = bid / per_group * GROUP_M;
  const int group_rows = std::min(tiles_m - first_m, GROUP_M);
  const int in_group = bid % per_group;
  const int tile_m = first_m + in_group % group_rows;
  const int tile_n = in_group / group_rows;

  const int ld_row = tid / CHUNKS_PER_ROW, ld_chunk = tid % CHUNKS_PER_ROW;
  const T *a_src = A.data() + size_t(tile_m * BM + ld_row) * K + ld_chunk * 8;
  const T *b_src = B.data() + size_t(tile_n * BN + ld_row) * K + ld_chunk * 8;
  // The swizzled offset of this thread's chunk (the same XOR in every pass:
  // passes are 32 rows apart).
  const uint32_t a_dst = TileA::offset(ld_row, ld_chunk * 8);
  const uint32_t b_dst = A_TILE_BYTES + TileB::offset(ld_row, ld_chunk * 8);
  auto load_tile = [&](int stage) {
    const gpu::smem_ptr<unsigned char> base = smem + stage * STAGE_BYTES;
#pragma unroll
    for (int p = 0; p < A_PASSES; ++p)
      gpu::cp_async<16>((base + (a_dst + p * PASS_ROWS * 128)).cast<T>(),
                        a_src + size_t(p) * PASS_ROWS * K);
#pragma unroll
    for (int p = 0; p < B_PASSES; ++p)
      gpu::cp_async<16>((base + (b_dst + p * PASS_ROWS * 128)).cast<T>(),
                        b_src + size_t(p) * PASS_ROWS * K);
    a_src += BK;
    b_src += BK;
  };
  auto tile_a = [&](int stage) -> const TileA & {
    return *reinterpret_cast<const TileA *>((smem + stage * STAGE_BYTES).get());
  };
  auto tile_b = [&](int stage) -> const TileB & {
    return *reinterpret_cast<const TileB *>(
        (smem + (stage * STAGE_BYTES + A_TILE_BYTES)).get());
  };

  const int k_tiles = K / BK;
#pragma unroll
  for (int s = 0; s < LOOKAHEAD; ++s) {
    if (s < k_tiles)
      load_tile(s);
    gpu::cp_async_commit();
  }

  // The warpgroup's rows of the block's tile: 64 wg .. 64 wg + 63. (The A
  // descriptor must be the same on every thread of the warpgroup:
  // warpgroup_index() is, as Alloy's wgmma check knows.)
  const int wg = gpu::wgmma::warpgroup_index();
  gpu::wgmma::accumulator<BN> acc;
  int read_stage = 0, write_stage = LOOKAHEAD;
  for (int t = 0; t < k_tiles; ++t) {
    // k tile t has landed (this thread's copies, then everyone's); the
    // async proxy (wgmma) sees the generic proxy's (cp.async's) writes.
    gpu::cp_async_wait<LOOKAHEAD - 1>();
    gpu::fence_proxy_async();
    gpu::sync_threads();
    const TileA &ta = tile_a(read_stage);
    const TileB &tb = tile_b(read_stage);
    gpu::wgmma::fence(acc);
#pragma unroll
    for (int k = 0; k < BK; k += KSTEP)
      gpu::wgmma::mma_async(acc, ta.desc(wg * 64, k), tb.desc(0, k),
                            t > 0 || k > 0);
    gpu::wgmma::commit();
    // Refill the stage of k tile t - 2 (retired: see LOOKAHEAD).
    if (t + LOOKAHEAD < k_tiles)
      load_tile(write_stage);
    gpu::cp_async_commit();
    read_stage = read_stage + 1 == STAGES ? 0 : read_stage + 1;
    write_stage = write_stage + 1 == STAGES ? 0 : write_stage + 1;
    gpu::wgmma::wait<1>(); // k tile t - 1 retired
  }
  gpu::wgmma::wait<0>(acc);

  // Value 4j (+1) of the accumulator is at row (warp % 4) 16 + lane / 4,
  // column 8 j + 2 (lane % 4) (+1); values 4j + 2, 4j + 3 eight rows lower.
  float *c = C + size_t(tile_m * BM + wg * 64 + acc.row(0)) * N +
             tile_n * BN + acc.col(0);
#pragma unroll
  for (int j = 0; j < BN / 8; ++j) {
    *reinterpret_cast<float2 *>(c + j * 8) =
        float2{acc[4 * j], acc[4 * j + 1]};
    *reinterpret_cast<float2 *>(c + size_t(8) * N + j * 8) =
        float2{acc[4 * j + 2], acc[4 * j + 3]};
  }
}

// --- Host side: nvcc_wgmma_gemm_host.cuh's logic with Alloy's types --------

template <class T> std::string bench_name(int size) {
  return std::string("wgmma_gemm_") + bench::gemm_type_name<T>() + "_" +
         std::to_string(size);
}

// Random A (M x K) and B (N x K), C poisoned with NaN (all bits set); one
// launch, the check, the hashes (output_hash.hpp), the timing and the
// BENCH line. A failed first launch (or kernel) prints check=FAIL.
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
  auto p = gpu::prepare<wgmma_gemm_kernel<T>>(
      ctx, gpu::launch_config_1d{(M / BM) * (N / BN), THREADS, SMEM_BYTES});
  if (!p) {
    std::fprintf(stderr, "%s: prepare: %s\n", name.c_str(),
                 p.error().message().c_str());
    return bench::report(name, "alloy", 0, "GFLOP/s", 0, false);
  }
  auto launched = gpu::launch(s, *p, M, N, K, a, b, c);
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
  double us = bench::time_alloy(s, *p, M, N, K, a, b, c);
  return bench::report(name, "alloy", us, "GFLOP/s",
                       bench::gflops(2.0 * M * N * K, us), ok);
}

} // namespace wgmma_gemm

int main(int, char **argv) {
  return bench::alloy_main(argv[0], [](gpu::context &ctx) {
    return wgmma_gemm::run<WGMMA_T>(ctx, WGMMA_SIZE);
  });
}

#endif // BENCH_WGMMA_GEMM_ALLOY_WGMMA_GEMM_HPP
