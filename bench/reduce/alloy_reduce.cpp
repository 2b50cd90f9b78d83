// reduce: the sum of 2^26 floats: grid-stride loads, a warp-shuffle tree,
// one shared slot per warp, one atomic per block (8 blocks per SM).
#include "../common/alloy_bench.hpp"

#include <cmath>

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

int main(int, char **argv) {
  return bench::alloy_main(argv[0], [](gpu::context &ctx) {
    const size_t n = size_t(1) << 26;
    auto &s = ctx.default_stream();
    std::vector<float> host(n);
    double expect = 0;
    for (size_t i = 0; i < n; ++i) {
      host[i] = float(i % 17) * 0.25f;
      expect += host[i];
    }
    auto in = gpu::device_buffer<float>::from_host(s, host).value();
    auto total = gpu::device_buffer<float>::zeroed(s, 1).value();
    uint32_t blocks = uint32_t(ctx.device().multiprocessor_count()) * 8;
    auto p =
        gpu::prepare<kernels::reduce>(ctx, gpu::launch_config_1d{blocks, 256})
            .value();
    gpu::launch(s, p, in, total).value();
    float result = total.to_host(s).value()[0];
    bool ok = std::fabs(result - expect) <= 1e-3 * expect;
    // The timed launches keep adding to the total.
    double us = bench::time_alloy(s, p, in, total);
    return bench::report(bench::name("reduce"), "alloy", us, "GB/s",
                         bench::gbps(double(n) * sizeof(float), us), ok);
  });
}
