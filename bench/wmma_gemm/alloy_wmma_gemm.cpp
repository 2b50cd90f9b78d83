// wmma_gemm's Alloy side, nvcc_wmma_gemm.cu ported: C[M][N] (float) =
// A[M][K] * B[K][N] on tensor cores through CUDA's WMMA API (nvcuda::wmma,
// here <gpu/wmma.hpp> on gpu::mma's mma.sync m16n8k16), the classic simple design of
// NVIDIA's cudaTensorCoreGemm sample: A row-major and B column-major
// (stored as N rows of K), both __half; FP32 accumulation. A block of 4
// warps computes a 128 x 128 tile of C, each warp a 64 x 64 tile as 4 x 4
// 16x16x16 accumulator fragments. Per BK = 32 slice of K, the block copies
// A's 128 x 32 and B's 32 x 128 (as 128 columns of 32) into shared memory
// with 16-byte loads (rows padded by 8 halves, as the sample's SKEW_HALF,
// against bank conflicts), then each warp loads its fragments from there
// (load_matrix_sync) and runs 2 x 16 mma_sync; the accumulators go straight
// to global memory (store_matrix_sync, mem_row_major). M = N = K = 4096.
// The kernel is nvcc_wmma_gemm.cu's with these edits, and no others (the
// WMMA calls are unchanged):
// - the includes: <gpu/cuda_compat.hpp> (half, nvcuda::wmma, __float2half_rn
//   ...) for <cuda_fp16.h> and <mma.h>; "alloy_bench.hpp" for
//   "cuda_bench.hpp" (the host side's harness);
// - __global__ __launch_bounds__(THREADS) -> [[gpu::kernel,
//   gpu::launch_bounds(THREADS), gpu::launch_contract(2, THREADS)]], the
//   contract saying it runs as a 2-D grid of 1-D blocks of THREADS;
// - __shared__ __align__(32) -> [[gpu::shared]] alignas(32);
// - threadIdx.x, blockIdx.x/.y, __syncthreads() -> gpu::thread_idx().x,
//   gpu::block_idx().x/.y, gpu::sync_threads();
// - int4, which Alloy does not define: a struct alignas(16) of 4 ints;
// - host: gpu::device_buffer, gpu::memset_async, gpu::prepare with a
//   launch_config_2d and gpu::launch for cudaMalloc/cudaMemset and <<<>>>.
#include "alloy_bench.hpp"
#include "gemm_check.hpp"
#include "output_hash.hpp"

#include <gpu/cuda_compat.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

using namespace nvcuda;

namespace wmma_gemm {

constexpr int SIZE = 4096; // M = N = K
constexpr int BM = 128, BN = 128, BK = 32, SKEW = 8;
constexpr int WM = 64, WN = 64; // one warp's tile of C
constexpr int WARPS_M = BM / WM, WARPS_N = BN / WN;
constexpr int THREADS = 32 * WARPS_M * WARPS_N;
constexpr int FM = WM / 16, FN = WN / 16; // fragments per warp tile
constexpr int LDS = BK + SKEW;            // halves per shared row

// CUDA's int4 (16 bytes: one ld.global.v4 / st.shared.v4).
struct alignas(16) int4 {
  int x, y, z, w;
};
static_assert(BM == BN && BM * BK / 8 % THREADS == 0, "the tile copy");

[[gpu::kernel, gpu::launch_bounds(THREADS),
  gpu::launch_contract(2, THREADS)]] void
wmma_gemm_kernel(int M, int N, int K, const half *A, const half *B, float *C) {
  [[gpu::shared]] alignas(32) half As[BM][LDS];
  [[gpu::shared]] alignas(32) half Bs[BN][LDS];
  const int tid = gpu::thread_idx().x, warp = tid / 32;
  const int warp_m = warp / WARPS_N, warp_n = warp % WARPS_N;
  const int block_m = gpu::block_idx().y * BM,
            block_n = gpu::block_idx().x * BN;

  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[FM][FN];
#pragma unroll
  for (int i = 0; i < FM; ++i)
#pragma unroll
    for (int j = 0; j < FN; ++j)
      wmma::fill_fragment(acc[i][j], 0.0f);

  for (int k0 = 0; k0 < K; k0 += BK) {
    // 16-byte chunks: A's rows and B's columns, BK / 8 chunks each.
#pragma unroll
    for (int p = 0; p < BM * BK / 8 / THREADS; ++p) {
      const int c = tid + p * THREADS;
      const int r = c / (BK / 8), kc = c % (BK / 8) * 8;
      *reinterpret_cast<int4 *>(&As[r][kc]) = *reinterpret_cast<const int4 *>(
          &A[size_t(block_m + r) * K + k0 + kc]);
      *reinterpret_cast<int4 *>(&Bs[r][kc]) = *reinterpret_cast<const int4 *>(
          &B[size_t(block_n + r) * K + k0 + kc]);
    }
    gpu::sync_threads();
#pragma unroll
    for (int kk = 0; kk < BK; kk += 16) {
      wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a[FM];
      wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> b[FN];
#pragma unroll
      for (int i = 0; i < FM; ++i)
        wmma::load_matrix_sync(a[i], &As[warp_m * WM + i * 16][kk], LDS);
#pragma unroll
      for (int j = 0; j < FN; ++j)
        wmma::load_matrix_sync(b[j], &Bs[warp_n * WN + j * 16][kk], LDS);
#pragma unroll
      for (int i = 0; i < FM; ++i)
#pragma unroll
        for (int j = 0; j < FN; ++j)
          wmma::mma_sync(acc[i][j], a[i], b[j], acc[i][j]);
    }
    gpu::sync_threads();
  }

#pragma unroll
  for (int i = 0; i < FM; ++i)
#pragma unroll
    for (int j = 0; j < FN; ++j)
      wmma::store_matrix_sync(&C[size_t(block_m + warp_m * WM + i * 16) * N +
                                 block_n + warp_n * WN + j * 16],
                              acc[i][j], N, wmma::mem_row_major);
}

// --- Host side (nvcc_wmma_gemm.cu's) -----------------------------------------

// Uniform in [-1, 1), rounded to half; `rounded` gets the values back as
// floats, which the host reference uses.
std::vector<half> random_matrix(size_t n, uint64_t seed,
                                std::vector<float> &rounded) {
  std::vector<float> f = bench::random_floats(n, -1.0f, 1.0f, seed);
  std::vector<half> v(n);
  rounded.resize(n);
  for (size_t i = 0; i < n; ++i) {
    v[i] = __float2half_rn(f[i]);
    rounded[i] = __half2float(v[i]);
  }
  return v;
}

} // namespace wmma_gemm

int main(int, char **argv) {
  return bench::alloy_main(argv[0], [](gpu::context &ctx) {
    using namespace wmma_gemm;
    const int M = SIZE, N = SIZE, K = SIZE;
    auto &s = ctx.default_stream();
    std::vector<float> a_host, b_host;
    auto a = gpu::device_buffer<half>::from_host(
                 s, random_matrix(size_t(M) * K, 41, a_host))
                 .value();
    auto b = gpu::device_buffer<half>::from_host(
                 s, random_matrix(size_t(N) * K, 42, b_host))
                 .value();
    auto c =
        gpu::device_buffer<float>::uninitialized(s, size_t(M) * N).value();
    gpu::memset_async(s, c, 0xff).value();
    auto p = gpu::prepare<wmma_gemm_kernel>(
                 ctx, gpu::launch_config_2d{{N / BN, M / BM}, {THREADS, 1}})
                 .value();
    gpu::launch(s, p, M, N, K, a, b, c).value();
    std::vector<float> c_host = c.to_host(s).value();
    bool ok = bench::check_half_gemm(a_host, b_host, c_host, M, N, K);
    bench::print_input_hash(a_host, b_host);
    bench::print_output_hash("wmma_gemm", "alloy", c_host);
    double us = bench::time_alloy(s, p, M, N, K, a, b, c);
    return bench::report("wmma_gemm", "alloy", us, "GFLOP/s",
                         bench::gflops(2.0 * M * N * K, us), ok);
  });
}
