// sgemm_naive: C = A * B for 4096x4096 row-major floats, one thread per
// element of C, 16x16 threads per block (x along the columns of C).
#include "cuda_bench.hpp"

__global__ void sgemm_naive(int M, int N, int K, const float *__restrict__ A,
                            const float *__restrict__ B,
                            float *__restrict__ C) {
  int row = blockIdx.y * 16 + threadIdx.y;
  int col = blockIdx.x * 16 + threadIdx.x;
  if (row < M && col < N) {
    float acc = 0.0f;
    for (int k = 0; k < K; ++k)
      acc += A[row * K + k] * B[k * N + col];
    C[row * N + col] = acc;
  }
}

int main() {
  int M = 4096, N = 4096, K = 4096;
  auto ha = bench::random_floats(size_t(M) * K, 0.0f, 1.0f, 4);
  auto hb = bench::random_floats(size_t(K) * N, 0.0f, 1.0f, 5);
  bench::cuda_buffer<float> a(ha), b(hb), c(size_t(M) * N);
  dim3 grid(N / 16, M / 16), block(16, 16);
  auto launch = [&] {
    sgemm_naive<<<grid, block>>>(M, N, K, a.get(), b.get(), c.get());
  };
  launch();
  auto hc = c.to_host();
  bool ok = bench::check_gemm(ha, hb, hc, M, N, K);
  double us = bench::time_cuda(launch);
  return bench::report(bench::name("sgemm_naive"), "nvcc", us, "GFLOP/s",
                       bench::gflops(2.0 * M * N * K, us), ok);
}
