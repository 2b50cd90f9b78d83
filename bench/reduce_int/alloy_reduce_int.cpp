// reduce_int: the sum of 2^26 ints in cuda-samples' reduce7 shape: grid-
// stride loads (two per step), a warp sum, one shared slot per warp, the
// last warp's sum over a ballot's mask (__reduce_add_sync, one redux.sync),
// one atomic per block (8 blocks per SM).
#include "../common/alloy_bench.hpp"

#include <gpu/cuda_compat.hpp>

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 256)]]
void reduce_int(std::span<const int> in, int *total) {
  gpu::shared_array<int, 8> warp_sums;
  int sum = 0;
  size_t stride = size_t(gpu::grid_dim().x) * 512;
  for (size_t i = size_t(gpu::block_idx().x) * 512 + gpu::thread_idx().x;
       i < in.size(); i += stride) {
    sum += in[i];
    if (i + 256 < in.size())
      sum += in[i + 256];
  }
  sum = __reduce_add_sync(0xffffffffu, sum);
  uint32_t tid = gpu::thread_idx().x;
  if (tid % 32 == 0)
    warp_sums[tid / 32] = sum;
  gpu::sync_threads();
  unsigned active = __ballot_sync(0xffffffffu, tid < 8);
  if (tid < 8) {
    sum = __reduce_add_sync(active, warp_sums[tid]);
    if (tid == 0)
      gpu::atomic_add(total, sum);
  }
}
} // namespace kernels

int main(int, char **argv) {
  return bench::alloy_main(argv[0], [](gpu::context &ctx) {
    const size_t n = size_t(1) << 26;
    auto &s = ctx.default_stream();
    std::vector<int> host(n);
    long long expect = 0;
    for (size_t i = 0; i < n; ++i) {
      host[i] = int(i % 17) - 8;
      expect += host[i];
    }
    auto in = gpu::device_buffer<int>::from_host(s, host).value();
    auto total = gpu::device_buffer<int>::zeroed(s, 1).value();
    uint32_t blocks = uint32_t(ctx.device().multiprocessor_count()) * 8;
    auto p = gpu::prepare<kernels::reduce_int>(
                 ctx, gpu::launch_config_1d{blocks, 256})
                 .value();
    gpu::launch(s, p, in, total).value();
    bool ok = total.to_host(s).value()[0] == int(expect);
    // The timed launches keep adding to the total.
    double us = bench::time_alloy(s, p, in, total);
    return bench::report(bench::name("reduce_int"), "alloy", us, "GB/s",
                         bench::gbps(double(n) * sizeof(int), us), ok);
  });
}
