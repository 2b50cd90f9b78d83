// softmax_rowblock: row softmax with one 1024-thread block per row (the
// shape of llm.c's softmax_forward kernel 7, written anew): each thread
// reads 8 elements per step at clamped indices (every load in flight, the
// out-of-range ones repeating the last element), warp shuffles and one
// shared slot per warp combine the maximum and then the sum, streaming
// loads read the row again for expf, and a third pass divides by the sum.
// B*NH*T = 8*12*1024 rows of T = 1024 floats.
// build.sh and run.sh also build it with -DBENCH_FAST --use_fast_math, as
// softmax_rowblock_fast (issue 20: llm.c's kernel 7 at block size 1024
// took 1.9x its plain time with --use_fast_math).
#include "../common/alloy_bench.hpp"

#include <cmath>

namespace kernels {
constexpr int kUnroll = 8;
constexpr int kBlock = 1024;
constexpr int kWarps = kBlock / 32;

// The block's maximum (combine = max) or sum, in every thread.
template <bool IsMax> float block_combine(float v, float *slots) {
  for (uint32_t offset = 16; offset > 0; offset /= 2) {
    float other = gpu::warp::shfl_xor(v, offset);
    v = IsMax ? fmaxf(v, other) : v + other;
  }
  uint32_t lane = gpu::warp::lane_id(), warp = gpu::thread_idx().x / 32;
  if (lane == 0)
    slots[warp] = v;
  gpu::sync_threads();
  if (gpu::thread_idx().x == 0) {
    float all = slots[0];
    for (int w = 1; w < kWarps; ++w)
      all = IsMax ? fmaxf(all, slots[w]) : all + slots[w];
    slots[0] = all;
  }
  gpu::sync_threads();
  return slots[0];
}

[[gpu::kernel, gpu::launch_contract(1, kBlock)]]
void softmax_rowblock(float *out, const float *in, int C) {
  gpu::shared_array<float, kWarps> maxima;
  gpu::shared_array<float, kWarps> sums;
  int tid = gpu::thread_idx().x;
  const float *x = in + size_t(gpu::block_idx().x) * C;
  float *y = out + size_t(gpu::block_idx().x) * C;

  float m = -INFINITY;
  for (int i = tid; i < C; i += kBlock * kUnroll) {
#pragma unroll
    for (int u = 0; u < kUnroll; ++u)
      m = fmaxf(m, x[std::min(C - 1, i + u * kBlock)]);
  }
  m = block_combine<true>(m, maxima.data());

  float sum = 0.0f;
  for (int i = tid; i < C; i += kBlock * kUnroll) {
    float v[kUnroll];
#pragma unroll
    for (int u = 0; u < kUnroll; ++u)
      v[u] = gpu::load_streaming(&x[std::min(C - 1, i + u * kBlock)]);
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {
      if (i + u * kBlock < C) {
        float e = expf(v[u] - m);
        y[i + u * kBlock] = e;
        sum += e;
      }
    }
  }
  sum = block_combine<false>(sum, sums.data());

  for (int i = tid; i < C; i += kBlock * kUnroll) {
    float v[kUnroll];
#pragma unroll
    for (int u = 0; u < kUnroll; ++u)
      v[u] = y[std::min(C - 1, i + u * kBlock)];
#pragma unroll
    for (int u = 0; u < kUnroll; ++u)
      if (i + u * kBlock < C)
        y[i + u * kBlock] = v[u] / sum;
  }
}
} // namespace kernels

int main(int, char **argv) {
  return bench::alloy_main(argv[0], [](gpu::context &ctx) {
    int N = 8 * 12 * 1024, C = 1024;
    auto &s = ctx.default_stream();
    auto host = bench::softmax_input(N, C);
    auto inp = gpu::device_buffer<float>::from_host(s, host).value();
    auto out = gpu::device_buffer<float>::zeroed(s, size_t(N) * C).value();
    auto p = gpu::prepare<kernels::softmax_rowblock>(
                 ctx, gpu::launch_config_1d{N, kernels::kBlock})
                 .value();
    gpu::launch(s, p, out, inp, C).value();
    bool ok = bench::check_softmax(host, out.to_host(s).value(), C);
    double us = bench::time_alloy(s, p, out, inp, C);
    return bench::report(bench::name("softmax_rowblock"), "alloy", us, "GB/s",
                         bench::gbps(3.0 * N * C * sizeof(float), us), ok);
  });
}
