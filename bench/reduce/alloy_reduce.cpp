// Sum of 2^26 floats: grid-stride loads, a warp-shuffle tree, one shared
// slot per warp, one atomic per block. The same algorithm and timing as
// nvcc_reduce.cu.
#include <gpu/gpu.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 256)]]
void reduce(std::span<const float> in, float *total) {
  gpu::shared_array<float, 8> warp_sums;
  float sum = 0.0f;
  size_t stride = size_t(gpu::grid_dim().x) * 256;
  for (size_t i = gpu::thread::index_1d().get(); i < in.size(); i += stride)
    sum += in[i];
  for (uint32_t offset = 16; offset > 0; offset /= 2)
    sum += gpu::warp::shfl_down(sum, offset);
  uint32_t lane = gpu::warp::lane_id(), warp = gpu::thread_idx().x / 32;
  if (lane == 0)
    warp_sums[warp] = sum;
  gpu::sync_threads();
  if (warp == 0) {
    sum = lane < 8 ? warp_sums[lane] : 0.0f;
    for (uint32_t offset = 4; offset > 0; offset /= 2)
      sum += gpu::warp::shfl_down(sum, offset);
    if (lane == 0)
      gpu::atomic_add(total, sum);
  }
}
} // namespace kernels

int main() {
  const size_t n = size_t(1) << 26;
  const int reps = 200;
  auto ctx = gpu::context::create(0).value();
  auto &stream = ctx.default_stream();
  std::vector<float> host(n);
  double expect = 0;
  for (size_t i = 0; i < n; ++i) {
    host[i] = float(i % 17) * 0.25f;
    expect += host[i];
  }
  auto in = gpu::device_buffer<float>::from_host(stream, host).value();
  auto total = gpu::device_buffer<float>::zeroed(stream, 1).value();
  uint32_t blocks = uint32_t(ctx.device().multiprocessor_count()) * 8;
  auto p = gpu::prepare<kernels::reduce>(ctx, gpu::launch_config_1d{blocks, 256}).value();
  gpu::launch(stream, p, in, total).value();
  float result = total.to_host(stream).value()[0];
  if (std::fabs(result - expect) > 1e-3 * expect) {
    std::printf("alloy reduce: WRONG %f vs %f\n", result, expect);
    return 1;
  }
  for (int i = 0; i < 10; ++i)
    gpu::launch(stream, p, in, total).value();
  stream.synchronize().value();
  auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < reps; ++i)
    gpu::launch(stream, p, in, total).value();
  stream.synchronize().value();
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  double us = s / reps * 1e6;
  std::printf("alloy reduce n=%zu: %.2f us/launch, %.1f GB/s\n", n, us,
              double(n) * sizeof(float) / (us * 1e3));
}
