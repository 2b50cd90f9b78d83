// The reference: vecadd in CUDA C++, built by nvcc on the GPU machine.
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

__global__ void __launch_bounds__(256) vecadd(const float *__restrict__ a,
                                              const float *__restrict__ b,
                                              float *__restrict__ c, size_t n) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

int main(int argc, char **argv) {
  const size_t n = argc > 1 ? std::stoull(argv[1]) : (size_t(1) << 26);
  const int reps = 200;
  std::vector<float> a(n), b(n), c(n);
  for (size_t i = 0; i < n; ++i) {
    a[i] = float(i % 1000);
    b[i] = float(i % 7);
  }
  float *ad, *bd, *cd;
  cudaMalloc(&ad, n * 4);
  cudaMalloc(&bd, n * 4);
  cudaMalloc(&cd, n * 4);
  cudaMemcpy(ad, a.data(), n * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(bd, b.data(), n * 4, cudaMemcpyHostToDevice);
  unsigned grid = unsigned((n + 255) / 256);
  for (int i = 0; i < 10; ++i)
    vecadd<<<grid, 256>>>(ad, bd, cd, n);
  cudaDeviceSynchronize();
  auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < reps; ++i)
    vecadd<<<grid, 256>>>(ad, bd, cd, n);
  cudaDeviceSynchronize();
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  cudaMemcpy(c.data(), cd, n * 4, cudaMemcpyDeviceToHost);
  for (size_t i = 0; i < n; ++i)
    if (c[i] != a[i] + b[i]) {
      std::printf("nvcc vecadd: WRONG at %zu\n", i);
      return 1;
    }
  double us = s / reps * 1e6;
  std::printf("nvcc vecadd n=%zu: %.2f us/launch, %.1f GB/s\n", n, us,
              3.0 * n * sizeof(float) / (us * 1e3));
}
