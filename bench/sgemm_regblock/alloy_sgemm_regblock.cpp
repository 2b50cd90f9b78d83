// sgemm_regblock: C = A * B for 4096x4096 row-major floats with 2-D block
// tiling: each block of 256 threads computes a 128x128 tile of C, stepping
// through K by 8; each thread keeps an 8x8 tile of C in registers. A's tile
// is stored transposed in shared memory; global loads and the stores of C
// are float4. M, N must be multiples of 128, K of 8.
#include "../common/alloy_bench.hpp"

namespace kernels {
constexpr int BM = 128, BN = 128, BK = 8, TM = 8, TN = 8;
constexpr int THREADS = BM * BN / (TM * TN);

// CUDA's float4: Alloy has no vector types, so a 16-byte aligned struct.
struct alignas(16) float4 {
  float x, y, z, w;
};

[[gpu::kernel, gpu::launch_bounds(THREADS),
  gpu::launch_contract(2, THREADS, 1)]]
void sgemm_regblock(int M, int N, int K, std::span<const float> A,
                    std::span<const float> B, float *C) {
  [[gpu::shared]] float As[BK * BM];
  [[gpu::shared]] float Bs[BK * BN];
  const int tid = gpu::thread_idx().x;
  const int thread_row = tid / (BN / TN), thread_col = tid % (BN / TN);
  const float *a = A.data() + gpu::block_idx().y * BM * K;
  const float *b = B.data() + gpu::block_idx().x * BN;
  float *c = C + gpu::block_idx().y * BM * N + gpu::block_idx().x * BN;
  // Which float4 of the A and B tiles this thread loads.
  const int a_row = tid / (BK / 4), a_col = tid % (BK / 4);
  const int b_row = tid / (BN / 4), b_col = tid % (BN / 4);

  float acc[TM * TN] = {};
  float reg_m[TM], reg_n[TN];
  for (int k0 = 0; k0 < K; k0 += BK) {
    float4 t = *reinterpret_cast<const float4 *>(&a[a_row * K + a_col * 4]);
    As[(a_col * 4 + 0) * BM + a_row] = t.x;
    As[(a_col * 4 + 1) * BM + a_row] = t.y;
    As[(a_col * 4 + 2) * BM + a_row] = t.z;
    As[(a_col * 4 + 3) * BM + a_row] = t.w;
    *reinterpret_cast<float4 *>(&Bs[b_row * BN + b_col * 4]) =
        *reinterpret_cast<const float4 *>(&b[b_row * N + b_col * 4]);
    gpu::sync_threads();
    a += BK;
    b += BK * N;
#pragma unroll
    for (int k = 0; k < BK; ++k) {
#pragma unroll
      for (int i = 0; i < TM; ++i)
        reg_m[i] = As[k * BM + thread_row * TM + i];
#pragma unroll
      for (int j = 0; j < TN; ++j)
        reg_n[j] = Bs[k * BN + thread_col * TN + j];
#pragma unroll
      for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j)
          acc[i * TN + j] += reg_m[i] * reg_n[j];
    }
    gpu::sync_threads();
  }
#pragma unroll
  for (int i = 0; i < TM; ++i)
#pragma unroll
    for (int j = 0; j < TN; j += 4)
      *reinterpret_cast<float4 *>(
          &c[(thread_row * TM + i) * N + thread_col * TN + j]) = {
          acc[i * TN + j], acc[i * TN + j + 1], acc[i * TN + j + 2],
          acc[i * TN + j + 3]};
}
} // namespace kernels

int main(int, char **argv) {
  return bench::alloy_main(argv[0], [](gpu::context &ctx) {
    int M = 4096, N = 4096, K = 4096;
    using namespace kernels;
    auto &s = ctx.default_stream();
    auto ha = bench::random_floats(size_t(M) * K, 0.0f, 1.0f, 4);
    auto hb = bench::random_floats(size_t(K) * N, 0.0f, 1.0f, 5);
    auto a = gpu::device_buffer<float>::from_host(s, ha).value();
    auto b = gpu::device_buffer<float>::from_host(s, hb).value();
    auto c = gpu::device_buffer<float>::zeroed(s, size_t(M) * N).value();
    auto p = gpu::prepare<sgemm_regblock>(
                 ctx, gpu::launch_config_2d{{N / BN, M / BM}, {THREADS, 1}})
                 .value();
    gpu::launch(s, p, M, N, K, a, b, c).value();
    auto hc = c.to_host(s).value();
    bool ok = bench::check_gemm(ha, hb, hc, M, N, K);
    double us = bench::time_alloy(s, p, M, N, K, a, b, c);
    return bench::report(bench::name("sgemm_regblock"), "alloy", us, "GFLOP/s",
                         bench::gflops(2.0 * M * N * K, us), ok);
  });
}
