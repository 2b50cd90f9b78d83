// softmax: each row of a 16384x4096 float matrix, one block of 256 threads
// per row; each thread keeps its 16 elements in registers. Block max, then
// exp and the block sum, then the normalized row.
#include "../common/alloy_bench.hpp"

#include <cmath>

namespace kernels {
constexpr int COLS = 4096, THREADS = 256, PER_THREAD = COLS / THREADS;

[[gpu::kernel, gpu::launch_contract(1, THREADS)]]
void softmax(std::span<const float> in, float *out) {
  size_t row = gpu::block_idx().x;
  uint32_t t = gpu::thread_idx().x;
  const float *x = in.data() + row * COLS;
  float *y = out + row * COLS;
  float v[PER_THREAD];
  float m = -INFINITY;
#pragma unroll
  for (int k = 0; k < PER_THREAD; ++k) {
    v[k] = x[t + k * THREADS];
    m = fmaxf(m, v[k]);
  }
  m = gpu::block::max(m);
  float sum = 0.0f;
#pragma unroll
  for (int k = 0; k < PER_THREAD; ++k) {
    v[k] = expf(v[k] - m);
    sum += v[k];
  }
  float scale = 1.0f / gpu::block::sum(sum);
#pragma unroll
  for (int k = 0; k < PER_THREAD; ++k)
    y[t + k * THREADS] = v[k] * scale;
}
} // namespace kernels

int main(int, char **argv) {
  return bench::alloy_main(argv[0], [](gpu::context &ctx) {
    using kernels::COLS;
    const size_t rows = 16384, n = rows * COLS;
    auto &s = ctx.default_stream();
    auto host = bench::random_floats(n, -8.0f, 8.0f, 9);
    auto in = gpu::device_buffer<float>::from_host(s, host).value();
    auto out = gpu::device_buffer<float>::zeroed(s, n).value();
    auto p = gpu::prepare<kernels::softmax>(
                 ctx, gpu::launch_config_1d{rows, kernels::THREADS})
                 .value();
    gpu::launch(s, p, in, out).value();
    auto got = out.to_host(s).value();
    bool ok = bench::check_softmax(host, got, COLS);
    double us = bench::time_alloy(s, p, in, out);
    return bench::report(bench::name("softmax"), "alloy", us, "GB/s",
                         bench::gbps(2.0 * n * sizeof(float), us), ok);
  });
}
