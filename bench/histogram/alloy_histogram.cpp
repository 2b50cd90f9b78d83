// histogram: 256 bins over 2^28 random bytes. Each block (256 threads,
// grid-stride over 32-bit words) counts into a histogram in shared memory
// with shared atomics, then adds it to the global bins with global atomics.
#include "../common/alloy_bench.hpp"

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 256)]]
void histogram(std::span<const uint8_t> data, uint32_t *bins) {
  [[gpu::shared]] uint32_t local[256];
  uint32_t t = gpu::thread_idx().x;
  local[t] = 0;
  gpu::sync_threads();
  const uint32_t *words = reinterpret_cast<const uint32_t *>(data.data());
  size_t n = data.size() / 4, stride = size_t(gpu::grid_dim().x) * 256;
  for (size_t i = gpu::thread::index_1d().get(); i < n; i += stride) {
    uint32_t w = words[i];
    gpu::atomic_add(&local[w & 0xff], 1u);
    gpu::atomic_add(&local[(w >> 8) & 0xff], 1u);
    gpu::atomic_add(&local[(w >> 16) & 0xff], 1u);
    gpu::atomic_add(&local[w >> 24], 1u);
  }
  gpu::sync_threads();
  if (uint32_t count = local[t])
    gpu::atomic_add(&bins[t], count);
}
} // namespace kernels

int main(int, char **argv) {
  return bench::alloy_main(argv[0], [](gpu::context &ctx) {
    const size_t n = size_t(1) << 28;
    auto &s = ctx.default_stream();
    std::vector<uint8_t> host(n);
    bench::rng r(7);
    for (size_t i = 0; i < n; i += 8) {
      uint64_t v = r.next();
      for (int k = 0; k < 8; ++k)
        host[i + k] = uint8_t(v >> (8 * k));
    }
    std::vector<uint32_t> expect(256, 0);
    for (uint8_t b : host)
      ++expect[b];
    auto data = gpu::device_buffer<uint8_t>::from_host(s, host).value();
    auto bins = gpu::device_buffer<uint32_t>::zeroed(s, 256).value();
    uint32_t blocks = uint32_t(ctx.device().multiprocessor_count()) * 8;
    auto p = gpu::prepare<kernels::histogram>(
                 ctx, gpu::launch_config_1d{blocks, 256})
                 .value();
    gpu::launch(s, p, data, bins).value();
    bool ok = bins.to_host(s).value() == expect;
    // The timed launches keep adding to the bins.
    double us = bench::time_alloy(s, p, data, bins);
    return bench::report(bench::name("histogram"), "alloy", us, "GB/s",
                         bench::gbps(double(n), us), ok);
  });
}
