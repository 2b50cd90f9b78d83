// sgemm_naive: C = A * B for 4096x4096 row-major floats, one thread per
// element of C, 16x16 threads per block (x along the columns of C).
#include "../common/alloy_bench.hpp"

namespace kernels {
[[gpu::kernel, gpu::launch_contract(2, 16, 16)]]
void sgemm_naive(int M, int N, int K, std::span<const float> A,
                 std::span<const float> B, float *C) {
  int row = gpu::block_idx().y * 16 + gpu::thread_idx().y;
  int col = gpu::block_idx().x * 16 + gpu::thread_idx().x;
  if (row < M && col < N) {
    float acc = 0.0f;
    for (int k = 0; k < K; ++k)
      acc += A[row * K + k] * B[k * N + col];
    C[row * N + col] = acc;
  }
}
} // namespace kernels

int main(int, char **argv) {
  return bench::alloy_main(argv[0], [](gpu::context &ctx) {
    int M = 4096, N = 4096, K = 4096;
    auto &s = ctx.default_stream();
    auto ha = bench::random_floats(size_t(M) * K, 0.0f, 1.0f, 4);
    auto hb = bench::random_floats(size_t(K) * N, 0.0f, 1.0f, 5);
    auto a = gpu::device_buffer<float>::from_host(s, ha).value();
    auto b = gpu::device_buffer<float>::from_host(s, hb).value();
    auto c = gpu::device_buffer<float>::zeroed(s, size_t(M) * N).value();
    auto p = gpu::prepare<kernels::sgemm_naive>(
                 ctx, gpu::launch_config_2d{{N / 16, M / 16}, {16, 16}})
                 .value();
    gpu::launch(s, p, M, N, K, a, b, c).value();
    auto hc = c.to_host(s).value();
    bool ok = bench::check_gemm(ha, hb, hc, M, N, K);
    double us = bench::time_alloy(s, p, M, N, K, a, b, c);
    return bench::report(bench::name("sgemm_naive"), "alloy", us, "GFLOP/s",
                         bench::gflops(2.0 * M * N * K, us), ok);
  });
}
