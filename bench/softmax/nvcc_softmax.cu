// softmax: each row of a 16384x4096 float matrix, one block of 256 threads
// per row; each thread keeps its 16 elements in registers. Block max, then
// exp and the block sum, then the normalized row.
#include "cuda_bench.hpp"

#include <cmath>

constexpr int COLS = 4096, THREADS = 256, PER_THREAD = COLS / THREADS;

// op over the block (warp shuffles, one shared slot per warp, warp 0
// combines them); every thread gets the result.
template <class Op> __device__ float block_reduce(float v, Op op) {
  __shared__ float slots[33];
  unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  unsigned warps = blockDim.x / 32;
  for (unsigned offset = 16; offset > 0; offset /= 2)
    v = op(v, __shfl_down_sync(0xffffffffu, v, offset));
  if (lane == 0)
    slots[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = slots[lane < warps ? lane : 0];
    for (unsigned offset = 16; offset > 0; offset /= 2) {
      float other = __shfl_down_sync(0xffffffffu, v, offset);
      if (lane + offset < warps)
        v = op(v, other);
    }
    if (lane == 0)
      slots[32] = v;
  }
  __syncthreads();
  return slots[32];
}

struct max_op {
  __device__ float operator()(float a, float b) const { return fmaxf(a, b); }
};
struct sum_op {
  __device__ float operator()(float a, float b) const { return a + b; }
};

__global__ void __launch_bounds__(THREADS)
    softmax(const float *__restrict__ in, float *__restrict__ out) {
  size_t row = blockIdx.x;
  unsigned t = threadIdx.x;
  const float *x = in + row * COLS;
  float *y = out + row * COLS;
  float v[PER_THREAD];
  float m = -INFINITY;
#pragma unroll
  for (int k = 0; k < PER_THREAD; ++k) {
    v[k] = x[t + k * THREADS];
    m = fmaxf(m, v[k]);
  }
  m = block_reduce(m, max_op{});
  float sum = 0.0f;
#pragma unroll
  for (int k = 0; k < PER_THREAD; ++k) {
    v[k] = expf(v[k] - m);
    sum += v[k];
  }
  float scale = 1.0f / block_reduce(sum, sum_op{});
#pragma unroll
  for (int k = 0; k < PER_THREAD; ++k)
    y[t + k * THREADS] = v[k] * scale;
}

int main() {
  const size_t rows = 16384, n = rows * COLS;
  auto host = bench::random_floats(n, -8.0f, 8.0f, 9);
  bench::cuda_buffer<float> in(host), out(n);
  auto launch = [&] {
    softmax<<<unsigned(rows), THREADS>>>(in.get(), out.get());
  };
  launch();
  auto got = out.to_host();
  bool ok = bench::check_softmax(host, got, COLS);
  double us = bench::time_cuda(launch);
  return bench::report(bench::name("softmax"), "nvcc", us, "GB/s",
                       bench::gbps(2.0 * n * sizeof(float), us), ok);
}
