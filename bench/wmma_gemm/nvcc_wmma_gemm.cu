// wmma_gemm's CUDA side: C[M][N] (float) = A[M][K] * B[K][N] on tensor
// cores through CUDA's WMMA API (<mma.h>), the classic simple design of
// NVIDIA's cudaTensorCoreGemm sample: A row-major and B column-major
// (stored as N rows of K), both __half; FP32 accumulation. A block of 4
// warps computes a 128 x 128 tile of C, each warp a 64 x 64 tile as 4 x 4
// 16x16x16 accumulator fragments. Per BK = 32 slice of K, the block copies
// A's 128 x 32 and B's 32 x 128 (as 128 columns of 32) into shared memory
// with 16-byte loads (rows padded by 8 halves, as the sample's SKEW_HALF,
// against bank conflicts), then each warp loads its fragments from there
// (load_matrix_sync) and runs 2 x 16 mma_sync; the accumulators go straight
// to global memory (store_matrix_sync, mem_row_major). M = N = K = 4096.
// alloy_wmma_gemm.cpp is the same kernel ported to Alloy.
#include "cuda_bench.hpp"
#include "gemm_check.hpp"
#include "output_hash.hpp"

#include <cuda_fp16.h>
#include <mma.h>

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
static_assert(BM == BN && BM * BK / 8 % THREADS == 0, "the tile copy");

__global__ void __launch_bounds__(THREADS)
    wmma_gemm_kernel(int M, int N, int K, const half *A, const half *B,
                     float *C) {
  __shared__ __align__(32) half As[BM][LDS];
  __shared__ __align__(32) half Bs[BN][LDS];
  const int tid = threadIdx.x, warp = tid / 32;
  const int warp_m = warp / WARPS_N, warp_n = warp % WARPS_N;
  const int block_m = blockIdx.y * BM, block_n = blockIdx.x * BN;

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
    __syncthreads();
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
    __syncthreads();
  }

#pragma unroll
  for (int i = 0; i < FM; ++i)
#pragma unroll
    for (int j = 0; j < FN; ++j)
      wmma::store_matrix_sync(&C[size_t(block_m + warp_m * WM + i * 16) * N +
                                 block_n + warp_n * WN + j * 16],
                              acc[i][j], N, wmma::mem_row_major);
}

// --- Host side (the same in alloy_wmma_gemm.cpp) ---------------------------

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

int main() {
  using namespace wmma_gemm;
  const int M = SIZE, N = SIZE, K = SIZE;
  std::vector<float> a_host, b_host;
  bench::cuda_buffer<half> a(random_matrix(size_t(M) * K, 41, a_host));
  bench::cuda_buffer<half> b(random_matrix(size_t(N) * K, 42, b_host));
  bench::cuda_buffer<float> c(size_t(M) * N);
  CUDA_CHECK(cudaMemset(c.get(), 0xff, size_t(M) * N * sizeof(float)));
  dim3 grid(N / BN, M / BM), block(THREADS);
  auto launch = [&] {
    wmma_gemm_kernel<<<grid, block>>>(M, N, K, a.get(), b.get(), c.get());
  };
  launch();
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  std::vector<float> c_host = c.to_host();
  bool ok = bench::check_half_gemm(a_host, b_host, c_host, M, N, K);
  bench::print_input_hash(a_host, b_host);
  bench::print_output_hash("wmma_gemm", "nvcc", c_host);
  double us = bench::time_cuda(launch);
  return bench::report("wmma_gemm", "nvcc", us, "GFLOP/s",
                       bench::gflops(2.0 * M * N * K, us), ok);
}
