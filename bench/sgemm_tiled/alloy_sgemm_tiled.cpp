// sgemm_tiled: C = A * B for 4096x4096 row-major floats; each 32x32 block
// of threads computes a 32x32 tile of C, stepping through K with 32x32
// tiles of A and B in shared memory. M, N, K must be multiples of 32.
#include "../common/alloy_bench.hpp"

namespace kernels {
constexpr int T = 32;

[[gpu::kernel, gpu::launch_contract(2, T, T)]]
void sgemm_tiled(int M, int N, int K, std::span<const float> A,
                 std::span<const float> B, float *C) {
  [[gpu::shared]] float As[T][T];
  [[gpu::shared]] float Bs[T][T];
  int tx = gpu::thread_idx().x, ty = gpu::thread_idx().y;
  int row = gpu::block_idx().y * T + ty, col = gpu::block_idx().x * T + tx;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += T) {
    As[ty][tx] = A[row * K + k0 + tx];
    Bs[ty][tx] = B[(k0 + ty) * N + col];
    gpu::sync_threads();
#pragma unroll
    for (int k = 0; k < T; ++k)
      acc += As[ty][k] * Bs[k][tx];
    gpu::sync_threads();
  }
  C[row * N + col] = acc;
}
} // namespace kernels

int main(int, char **argv) {
  return bench::alloy_main(argv[0], [](gpu::context &ctx) {
    int M = 4096, N = 4096, K = 4096;
    using kernels::T;
    auto &s = ctx.default_stream();
    auto ha = bench::random_floats(size_t(M) * K, 0.0f, 1.0f, 4);
    auto hb = bench::random_floats(size_t(K) * N, 0.0f, 1.0f, 5);
    auto a = gpu::device_buffer<float>::from_host(s, ha).value();
    auto b = gpu::device_buffer<float>::from_host(s, hb).value();
    auto c = gpu::device_buffer<float>::zeroed(s, size_t(M) * N).value();
    auto p = gpu::prepare<kernels::sgemm_tiled>(
                 ctx, gpu::launch_config_2d{{N / T, M / T}, {T, T}})
                 .value();
    gpu::launch(s, p, M, N, K, a, b, c).value();
    auto hc = c.to_host(s).value();
    bool ok = bench::check_gemm(ha, hb, hc, M, N, K);
    double us = bench::time_alloy(s, p, M, N, K, a, b, c);
    return bench::report(bench::name("sgemm_tiled"), "alloy", us, "GFLOP/s",
                         bench::gflops(2.0 * M * N * K, us), ok);
  });
}
