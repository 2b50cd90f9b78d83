// sgemm_tiled: C = A * B for 4096x4096 row-major floats; each 32x32 block
// of threads computes a 32x32 tile of C, stepping through K with 32x32
// tiles of A and B in shared memory. M, N, K must be multiples of 32.
#include "cuda_bench.hpp"

constexpr int T = 32;

__global__ void sgemm_tiled(int M, int N, int K, const float *__restrict__ A,
                            const float *__restrict__ B,
                            float *__restrict__ C) {
  __shared__ float As[T][T];
  __shared__ float Bs[T][T];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += T) {
    As[ty][tx] = A[row * K + k0 + tx];
    Bs[ty][tx] = B[(k0 + ty) * N + col];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < T; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * N + col] = acc;
}

int main() {
  int M = 4096, N = 4096, K = 4096;
  auto ha = bench::random_floats(size_t(M) * K, 0.0f, 1.0f, 4);
  auto hb = bench::random_floats(size_t(K) * N, 0.0f, 1.0f, 5);
  bench::cuda_buffer<float> a(ha), b(hb), c(size_t(M) * N);
  dim3 grid(N / T, M / T), block(T, T);
  auto launch = [&] {
    sgemm_tiled<<<grid, block>>>(M, N, K, a.get(), b.get(), c.get());
  };
  launch();
  auto hc = c.to_host();
  bool ok = bench::check_gemm(ha, hb, hc, M, N, K);
  double us = bench::time_cuda(launch);
  return bench::report(bench::name("sgemm_tiled"), "nvcc", us, "GFLOP/s",
                       bench::gflops(2.0 * M * N * K, us), ok);
}
