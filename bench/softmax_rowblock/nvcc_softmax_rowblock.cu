// softmax_rowblock: the CUDA twin of alloy_softmax_rowblock.cpp (one
// 1024-thread block per row, 8 clamped loads per step, warp shuffles and
// shared slots, streaming loads for expf, a dividing pass).
// build.sh and run.sh also build it with -DBENCH_FAST --use_fast_math, as
// softmax_rowblock_fast.
#include "cuda_bench.hpp"

#include <cmath>

constexpr int kUnroll = 8;
constexpr int kBlock = 1024;
constexpr int kWarps = kBlock / 32;

template <bool IsMax> __device__ float block_combine(float v, float *slots) {
  for (unsigned offset = 16; offset > 0; offset /= 2) {
    float other = __shfl_xor_sync(0xffffffffu, v, offset);
    v = IsMax ? fmaxf(v, other) : v + other;
  }
  unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (lane == 0)
    slots[warp] = v;
  __syncthreads();
  if (threadIdx.x == 0) {
    float all = slots[0];
    for (int w = 1; w < kWarps; ++w)
      all = IsMax ? fmaxf(all, slots[w]) : all + slots[w];
    slots[0] = all;
  }
  __syncthreads();
  return slots[0];
}

__global__ void __launch_bounds__(kBlock)
    softmax_rowblock(float *out, const float *in, int C) {
  __shared__ float maxima[kWarps];
  __shared__ float sums[kWarps];
  int tid = threadIdx.x;
  const float *x = in + size_t(blockIdx.x) * C;
  float *y = out + size_t(blockIdx.x) * C;

  float m = -INFINITY;
  for (int i = tid; i < C; i += kBlock * kUnroll) {
#pragma unroll
    for (int u = 0; u < kUnroll; ++u)
      m = fmaxf(m, x[min(C - 1, i + u * kBlock)]);
  }
  m = block_combine<true>(m, maxima);

  float sum = 0.0f;
  for (int i = tid; i < C; i += kBlock * kUnroll) {
    float v[kUnroll];
#pragma unroll
    for (int u = 0; u < kUnroll; ++u)
      v[u] = __ldcs(&x[min(C - 1, i + u * kBlock)]);
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {
      if (i + u * kBlock < C) {
        float e = expf(v[u] - m);
        y[i + u * kBlock] = e;
        sum += e;
      }
    }
  }
  sum = block_combine<false>(sum, sums);

  for (int i = tid; i < C; i += kBlock * kUnroll) {
    float v[kUnroll];
#pragma unroll
    for (int u = 0; u < kUnroll; ++u)
      v[u] = y[min(C - 1, i + u * kBlock)];
#pragma unroll
    for (int u = 0; u < kUnroll; ++u)
      if (i + u * kBlock < C)
        y[i + u * kBlock] = v[u] / sum;
  }
}

int main() {
  int N = 8 * 12 * 1024, C = 1024;
  auto host = bench::softmax_input(N, C);
  bench::cuda_buffer<float> inp(host), out(size_t(N) * C);
  auto launch = [&] {
    softmax_rowblock<<<N, kBlock>>>(out.get(), inp.get(), C);
  };
  launch();
  bool ok = bench::check_softmax(host, out.to_host(), C);
  double us = bench::time_cuda(launch);
  return bench::report(bench::name("softmax_rowblock"), "nvcc", us, "GB/s",
                       bench::gbps(3.0 * N * C * sizeof(float), us), ok);
}
