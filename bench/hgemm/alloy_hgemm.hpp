// hgemm's Alloy side: C[M][N] (float) = A[M][K] * B[K][N], A and B
// row-major gpu::half or gpu::bfloat16, fp32 accumulation, on tensor cores
// through gpu::mma (mma.sync m16n8k16), gpu::mma::ldmatrix and gpu::cp_async.
// The same kernel as nvcc_hgemm_kernel.cuh, which explains the design: block
// tile 128 x 256, BK = 32, 8 warps of 64 x 64 (2 x 4), a ring of 4 stages of
// 24 KiB in dynamic shared memory filled by 16-byte cp.async (.cg), XOR
// swizzles in 16-byte chunks, ldmatrix.x4 (.trans for B), the fragments of
// the next k16 step double-buffered, 8-row grouped block order, float2
// stores. Requires M % 128 == 0, N % 256 == 0, K % 32 == 0.
// The including file defines HGEMM_T (gpu::half or gpu::bfloat16) and
// HGEMM_SIZE (M = N = K).
#ifndef BENCH_HGEMM_ALLOY_HGEMM_HPP
#define BENCH_HGEMM_ALLOY_HGEMM_HPP

#include "alloy_bench.hpp"
#include "gemm_check.hpp"
#include "half_gemm_inputs.hpp"
#include "output_hash.hpp"
#include <gpu/half.hpp>
#include <gpu/tensor_core.hpp>
#include <gpu/transfers.hpp>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace hgemm {

constexpr int BM = 128, BN = 256, BK = 32, STAGES = 4;
constexpr int WM = 64, WN = 64; // one warp's tile of C
constexpr int WARPS_M = BM / WM, WARPS_N = BN / WN;
constexpr int THREADS = 32 * WARPS_M * WARPS_N;
constexpr int MT = WM / 16, NT = WN / 8, KSTEPS = BK / 16; // mma tiles
// One stage: A's tile (BM rows of 64 bytes), then B's (BK rows of 512).
constexpr int A_TILE_BYTES = BM * BK * 2, B_TILE_BYTES = BK * BN * 2;
constexpr int STAGE_BYTES = A_TILE_BYTES + B_TILE_BYTES;
constexpr int SMEM_BYTES = STAGES * STAGE_BYTES;
constexpr int GROUP_M = 8;

constexpr int A_CHUNKS_PER_ROW = BK / 8, B_CHUNKS_PER_ROW = BN / 8;
constexpr int A_PASSES = BM * A_CHUNKS_PER_ROW / THREADS;
constexpr int B_PASSES = BK * B_CHUNKS_PER_ROW / THREADS;
constexpr int A_PASS_ROWS = THREADS / A_CHUNKS_PER_ROW;
constexpr int B_PASS_ROWS = THREADS / B_CHUNKS_PER_ROW;
static_assert(A_PASSES * THREADS == BM * A_CHUNKS_PER_ROW, "A tile split");
static_assert(B_PASSES * THREADS == BK * B_CHUNKS_PER_ROW, "B tile split");
static_assert(A_PASS_ROWS % 8 == 0 && B_PASS_ROWS % 8 == 0,
              "a thread's swizzle must be the same in every pass");

// The swizzles of nvcc_hgemm_kernel.cuh, in 16-byte chunks.
constexpr int a_swizzle(int row, int chunk) { return chunk ^ ((row >> 1) & 3); }
constexpr int b_swizzle(int row, int chunk) { return chunk ^ (row & 7); }

// CUDA's float2 (Alloy has no vector types): 8-byte aligned, one st.v2.f32.
struct alignas(8) float2 {
  float x, y;
};

template <class T>
[[gpu::kernel, gpu::launch_bounds(THREADS, 1),
  gpu::launch_contract(1, THREADS)]] void
hgemm_kernel(int M, int N, int K, std::span<const T> A, std::span<const T> B,
             float *C) {
  using namespace gpu::mma;
  using frag_a = fragment<role::a, m16n8k16, T>;
  using frag_b = fragment<role::b, m16n8k16, T>;
  using frag_c = fragment<role::accumulator, m16n8k16, float>;

  const gpu::smem_ptr<unsigned char> smem =
      gpu::dynamic_shared_ptr<unsigned char>();
  const int tid = int(gpu::thread_idx().x), lane = tid % 32, warp = tid / 32;
  const int warp_m = warp / WARPS_N, warp_n = warp % WARPS_N;

  // The block's tile, in groups of GROUP_M tile rows, column by column.
  const int tiles_n = N / BN, tiles_m = M / BM;
  const int per_group = GROUP_M * tiles_n;
  const int bid = int(gpu::block_idx().x);
  const int first_m = bid / per_group * GROUP_M;
  const int group_rows = std::min(tiles_m - first_m, GROUP_M);
  const int in_group = bid % per_group;
  const int tile_m = first_m + in_group % group_rows;
  const int tile_n = in_group / group_rows;

  // Global -> shared: pass p copies A's row tid / 4 + 64 p, chunk tid % 4,
  // and B's row tid / 32 + 8 p, chunk tid % 32.
  const int a_row = tid / A_CHUNKS_PER_ROW, a_chunk = tid % A_CHUNKS_PER_ROW;
  const int b_row = tid / B_CHUNKS_PER_ROW, b_chunk = tid % B_CHUNKS_PER_ROW;
  const T *a_src = A.data() + size_t(tile_m * BM + a_row) * K + a_chunk * 8;
  const T *b_src = B.data() + size_t(b_row) * N + tile_n * BN + b_chunk * 8;
  const uint32_t a_dst = a_row * (BK * 2) + a_swizzle(a_row, a_chunk) * 16;
  const uint32_t b_dst =
      A_TILE_BYTES + b_row * (BN * 2) + b_swizzle(b_row, b_chunk) * 16;
  auto load_tile = [&](int stage) {
    const gpu::smem_ptr<unsigned char> base = smem + stage * STAGE_BYTES;
#pragma unroll
    for (int p = 0; p < A_PASSES; ++p)
      gpu::cp_async<16>((base + (a_dst + p * A_PASS_ROWS * (BK * 2))).cast<T>(),
                        a_src + size_t(p) * A_PASS_ROWS * K);
#pragma unroll
    for (int p = 0; p < B_PASSES; ++p)
      gpu::cp_async<16>((base + (b_dst + p * B_PASS_ROWS * (BN * 2))).cast<T>(),
                        b_src + size_t(p) * B_PASS_ROWS * N);
    a_src += BK;
    b_src += size_t(BK) * N;
  };

  // Shared -> registers (ldmatrix, raw form: the swizzled addresses are the
  // twin's). A: lane l addresses row l % 16 of the warp's m16 tile at chunk
  // l / 16: the four matrices are a0..a3; step kk: offset ^ (kk * 32).
  const int a_frag_row = warp_m * WM + lane % 16;
  const uint32_t a_frag =
      a_frag_row * (BK * 2) + a_swizzle(a_frag_row, lane / 16) * 16;
  // B (.trans): lane l addresses k row l % 16 at chunk warp_n * 8 + l / 16
  // of the pair of n8 tiles; pair j: offset ^ (j * 32); step kk: 16 rows.
  const int b_frag_row = lane % 16;
  const uint32_t b_frag =
      A_TILE_BYTES + b_frag_row * (BN * 2) +
      b_swizzle(b_frag_row, warp_n * (WN / 8) + lane / 16) * 16;

  frag_a a[2][MT]; // double-buffered by k16 step
  frag_b b[2][NT];
  auto load_fragments = [&](int buf, int stage, int kk) {
    const gpu::smem_ptr<unsigned char> base = smem + stage * STAGE_BYTES;
#pragma unroll
    for (int i = 0; i < MT; ++i)
      gpu::mma::ldmatrix<4>(
          a[buf][i].reg,
          (base + ((a_frag ^ (kk * 32)) + i * 16 * (BK * 2))).cast<const T>());
#pragma unroll
    for (int j = 0; j < NT / 2; ++j) {
      uint32_t r[4];
      gpu::mma::ldmatrix<4, true>(
          r,
          (base + ((b_frag ^ (j * 32)) + kk * 16 * (BN * 2))).cast<const T>());
      b[buf][2 * j].reg[0] = r[0];
      b[buf][2 * j].reg[1] = r[1];
      b[buf][2 * j + 1].reg[0] = r[2];
      b[buf][2 * j + 1].reg[1] = r[3];
    }
  };

  frag_c acc[MT][NT] = {};
  const int k_tiles = K / BK;

  // The stage ring: k tile t in stage t % STAGES, one commit group per k
  // tile (empty past the end).
#pragma unroll
  for (int s = 0; s < STAGES - 1; ++s) {
    if (s < k_tiles)
      load_tile(s);
    gpu::cp_async_commit();
  }
  gpu::cp_async_wait<STAGES - 2>();
  gpu::sync_threads();
  load_fragments(0, 0, 0);

  int read_stage = 0, write_stage = STAGES - 1;
  for (int t = 0; t < k_tiles; ++t) {
#pragma unroll
    for (int kk = 0; kk < KSTEPS; ++kk) {
      if (kk == KSTEPS - 1) {
        gpu::cp_async_wait<STAGES - 2>();
        gpu::sync_threads();
        read_stage = read_stage + 1 == STAGES ? 0 : read_stage + 1;
      }
      load_fragments((kk + 1) % 2, read_stage, (kk + 1) % KSTEPS);
      if (kk == 0) {
        if (t + STAGES - 1 < k_tiles)
          load_tile(write_stage);
        gpu::cp_async_commit();
        write_stage = write_stage + 1 == STAGES ? 0 : write_stage + 1;
      }
#pragma unroll
      for (int i = 0; i < MT; ++i)
#pragma unroll
        for (int j = 0; j < NT; ++j)
          gpu::mma::mma(acc[i][j], a[kk % 2][i], b[kk % 2][j]);
    }
  }

  // The accumulator's element 0 is at (row(0), col(0)) = (l / 4, 2 (l % 4)),
  // element 1 beside it, elements 2 and 3 eight rows lower.
  float *c = C + size_t(tile_m * BM + warp_m * WM + frag_c::row(0)) * N +
             tile_n * BN + warp_n * WN + frag_c::col(0);
#pragma unroll
  for (int i = 0; i < MT; ++i)
#pragma unroll
    for (int j = 0; j < NT; ++j) {
      *reinterpret_cast<float2 *>(c + size_t(i * 16) * N + j * 8) =
          float2{acc[i][j][0], acc[i][j][1]};
      *reinterpret_cast<float2 *>(c + size_t(i * 16 + 8) * N + j * 8) =
          float2{acc[i][j][2], acc[i][j][3]};
    }
}

// --- Host side: nvcc_hgemm_host.cuh's logic with Alloy's types ------------

template <class T> std::string bench_name(int size) {
  return std::string("hgemm_") + bench::gemm_type_name<T>() + "_" +
         std::to_string(size);
}

// Random A and B, C poisoned with NaN (all bits set); one launch, the
// check, the hashes (output_hash.hpp), the timing and the BENCH line.
template <class T> int run(gpu::context &ctx, int size) {
  const int M = size, N = size, K = size;
  auto &s = ctx.default_stream();
  std::vector<float> a_host, b_host;
  auto a = gpu::device_buffer<T>::from_host(
               s, bench::random_gemm_matrix<T>(size_t(M) * K, 41, a_host))
               .value();
  auto b = gpu::device_buffer<T>::from_host(
               s, bench::random_gemm_matrix<T>(size_t(K) * N, 42, b_host))
               .value();
  auto c = gpu::device_buffer<float>::uninitialized(s, size_t(M) * N).value();
  gpu::memset_async(s, c, 0xff).value();
  auto p =
      gpu::prepare<hgemm_kernel<T>>(
          ctx, gpu::launch_config_1d{(M / BM) * (N / BN), THREADS, SMEM_BYTES})
          .value();
  gpu::launch(s, p, M, N, K, a, b, c).value();
  std::vector<float> c_host = c.to_host(s).value();
  bool ok = bench::check_half_gemm(a_host, bench::columns_of(b_host, K, N),
                                 c_host, M, N, K);
  bench::print_input_hash(a_host, b_host);
  bench::print_output_hash(bench_name<T>(M), "alloy", c_host);
  double us = bench::time_alloy(s, p, M, N, K, a, b, c);
  return bench::report(bench_name<T>(M), "alloy", us, "GFLOP/s",
                       bench::gflops(2.0 * M * N * K, us), ok);
}

} // namespace hgemm

int main(int, char **argv) {
  return bench::alloy_main(argv[0], [](gpu::context &ctx) {
    return hgemm::run<HGEMM_T>(ctx, HGEMM_SIZE);
  });
}

#endif // BENCH_HGEMM_ALLOY_HGEMM_HPP
