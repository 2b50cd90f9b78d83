// transpose: out = in^T for an 8192x8192 float matrix, through 32x32 tiles
// in shared memory padded to 32x33 (no bank conflicts); 32x8 threads per
// tile, each moving 4 elements.
#include "cuda_bench.hpp"

constexpr int TILE = 32, ROWS = 8;

__global__ void transpose(const float *__restrict__ in, float *__restrict__ out,
                          int width) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[size_t(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    out[size_t(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}

int main() {
  int n = 8192;
  const size_t elems = size_t(n) * n;
  auto host = bench::random_floats(elems, -1.0f, 1.0f, 3);
  bench::cuda_buffer<float> in(host), out(elems);
  CUDA_CHECK(cudaMemset(out.get(), 0, elems * sizeof(float)));
  dim3 grid(n / TILE, n / TILE), block(TILE, ROWS);
  auto launch = [&] { transpose<<<grid, block>>>(in.get(), out.get(), n); };
  launch();
  auto got = out.to_host();
  bool ok = true;
  for (size_t r = 0; r < size_t(n) && ok; ++r)
    for (size_t c = 0; c < size_t(n) && ok; ++c)
      ok = got[r * n + c] == host[c * n + r];
  double us = bench::time_cuda(launch);
  return bench::report(bench::name("transpose"), "nvcc", us, "GB/s",
                       bench::gbps(2.0 * elems * sizeof(float), us), ok);
}
