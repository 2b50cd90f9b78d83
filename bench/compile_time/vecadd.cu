// The vecadd sample (examples/vecadd/vecadd.cpp) in CUDA C++, for timing
// nvcc's compile of the same program (bench/compile_time/run.sh).
#include <cmath>
#include <cstdio>
#include <vector>

namespace kernels {
__global__ void __launch_bounds__(256)
vecadd(const float *a, const float *b, float *c, size_t n) {
  size_t idx = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (idx < n) c[idx] = a[idx] + b[idx];
}
} // namespace kernels

int main() {
  constexpr size_t N = 1024;
  std::vector<float> a_host(N), b_host(N), c_host(N);
  for (size_t i = 0; i < N; ++i) { a_host[i] = float(i); b_host[i] = float(2 * i); }
  float *a, *b, *c;
  if (cudaMalloc(&a, N * sizeof(float)) != cudaSuccess) { std::fprintf(stderr, "no GPU\n"); return 2; }
  cudaMalloc(&b, N * sizeof(float));
  cudaMalloc(&c, N * sizeof(float));
  cudaMemcpy(a, a_host.data(), N * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(b, b_host.data(), N * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(c, 0, N * sizeof(float));
  kernels::vecadd<<<(N + 255) / 256, 256>>>(a, b, c, N);
  cudaMemcpy(c_host.data(), c, N * sizeof(float), cudaMemcpyDeviceToHost);
  size_t bad = 0;
  for (size_t i = 0; i < N; ++i) if (std::fabs(c_host[i] - 3.0f * i) > 0) ++bad;
  std::printf(bad ? "FAILED\n" : "PASSED: all %zu elements correct\n", N);
  cudaFree(a); cudaFree(b); cudaFree(c);
  return bad != 0;
}
