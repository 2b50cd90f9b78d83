// block_scan: inclusive prefix sum of each 1024-element block of 2^26 ints
// (one element per thread, 1024 threads), plus each block's total. A warp
// scan with shuffles, the warp totals scanned by warp 0 through shared
// memory, then added back.
#include "../common/alloy_bench.hpp"

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 1024)]]
void block_scan(std::span<const int> in, gpu::disjoint_span<int> out,
                int *block_sums) {
  [[gpu::shared]] int warp_sums[32];
  auto idx = gpu::thread::index_1d();
  uint32_t t = gpu::thread_idx().x, lane = t % 32, warp = t / 32;
  int v = idx.get() < in.size() ? in[idx.get()] : 0;
  v = gpu::warp::inclusive_scan(v, gpu::plus{});
  if (lane == 31)
    warp_sums[warp] = v;
  gpu::sync_threads();
  if (warp == 0)
    warp_sums[lane] = gpu::warp::inclusive_scan(warp_sums[lane], gpu::plus{});
  gpu::sync_threads();
  if (warp > 0)
    v += warp_sums[warp - 1];
  if (int *o = out.get_mut(idx))
    *o = v;
  if (t == 1023)
    block_sums[gpu::block_idx().x] = v;
}
} // namespace kernels

int main(int, char **argv) {
  return bench::alloy_main(argv[0], [](gpu::context &ctx) {
    const size_t n = size_t(1) << 26, blocks = n / 1024;
    auto &s = ctx.default_stream();
    std::vector<int> host(n);
    bench::rng r(8);
    for (int &x : host)
      x = int(r.below(201)) - 100;
    auto in = gpu::device_buffer<int>::from_host(s, host).value();
    auto out = gpu::device_buffer<int>::zeroed(s, n).value();
    auto sums = gpu::device_buffer<int>::zeroed(s, blocks).value();
    auto p = gpu::prepare<kernels::block_scan>(
                 ctx, gpu::launch_config_1d{blocks, 1024})
                 .value();
    gpu::launch(s, p, in, out, sums).value();
    auto got = out.to_host(s).value();
    auto got_sums = sums.to_host(s).value();
    bool ok = true;
    for (size_t b = 0; b < blocks && ok; ++b) {
      int acc = 0;
      for (size_t i = b * 1024; i < (b + 1) * 1024 && ok; ++i)
        ok = got[i] == (acc += host[i]);
      ok = ok && got_sums[b] == acc;
    }
    double us = bench::time_alloy(s, p, in, out, sums);
    return bench::report(bench::name("block_scan"), "alloy", us, "GB/s",
                         bench::gbps((2.0 * n + blocks) * sizeof(int), us), ok);
  });
}
