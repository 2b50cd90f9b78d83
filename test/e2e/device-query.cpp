// Device queries on the GPU: every device_properties field printed and
// checked for plausibility against the context's device_info, and the
// occupancy of a kernel at several block sizes and shared memory sizes.
#include <gpu/gpu.hpp>

#include "check.hpp"

#include <cstdio>
#include <string>

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 256)]]
void scale(std::span<const float> in, gpu::disjoint_span<float> out, float f) {
  auto i = gpu::thread::index_1d();
  if (float *o = out.get_mut(i))
    *o = in[i.get()] * f;
}
} // namespace kernels

int main() {
  auto ctx = gpu::context::create(0);
  if (!ctx) {
    std::fprintf(stderr, "%s\n", ctx.error().message().c_str());
    return 2;
  }
  int failures = 0;
  int count = gpu::device_count().value();
  auto p = gpu::device_properties::query(0).value();
  std::printf("devices: %d\n", count);
  std::printf("device %d: %s, sm_%d%d\n", p.ordinal, p.name.c_str(),
              p.compute_capability.major, p.compute_capability.minor);
  std::printf("  multiprocessors %d, warp %d, threads per block %d, per SM %d, "
              "blocks per SM %d\n",
              p.multiprocessor_count, p.warp_size, p.max_threads_per_block,
              p.max_threads_per_multiprocessor, p.max_blocks_per_multiprocessor);
  std::printf("  registers per block %d, per SM %d\n", p.registers_per_block,
              p.registers_per_multiprocessor);
  std::printf("  shared memory per block %zu (opt-in %zu), per SM %zu\n",
              p.shared_memory_per_block, p.shared_memory_per_block_optin,
              p.shared_memory_per_multiprocessor);
  std::printf("  L2 %zu bytes, SM clock %d kHz, memory clock %d kHz, bus %d "
              "bits, peak %.0f GB/s, memory %zu bytes\n",
              p.l2_cache_bytes, p.clock_rate_khz, p.memory_clock_rate_khz,
              p.memory_bus_width_bits, p.peak_memory_bandwidth_gb_s(),
              p.total_memory);
  const auto &info = ctx->device();
  failures += check(count >= 1 && p.name == info.name() &&
                        p.compute_capability == info.compute_capability() &&
                        p.multiprocessor_count == info.multiprocessor_count() &&
                        p.total_memory == info.total_memory() &&
                        p.shared_memory_per_block_optin == info.shared_memory_per_block(),
                    "properties agree with the context's device_info", info.name());
  failures += check(p.warp_size == 32 && p.max_threads_per_multiprocessor >= 1024 &&
                        p.max_blocks_per_multiprocessor >= 16 &&
                        p.registers_per_multiprocessor >= 65536 &&
                        p.registers_per_block >= 32768 &&
                        p.shared_memory_per_multiprocessor >= p.shared_memory_per_block_optin &&
                        p.shared_memory_per_block_optin >= p.shared_memory_per_block &&
                        p.l2_cache_bytes >= (4u << 20) && p.clock_rate_khz > 500000 &&
                        p.memory_bus_width_bits >= 256 &&
                        p.peak_memory_bandwidth_gb_s() > 500,
                    "plausible values for an sm_80+ GPU", "see above");
  auto same = ctx->properties().value();
  failures += check(same.l2_cache_bytes == p.l2_cache_bytes && same.name == p.name,
                    "context::properties", same.name);

  auto s = ctx->create_stream().value();
  auto in = gpu::device_buffer<float>::zeroed(s, 1 << 20).value();
  auto out = gpu::device_buffer<float>::zeroed(s, 1 << 20).value();
  auto prepared = gpu::prepare<kernels::scale>(*ctx, gpu::launch_config_1d{4096, 256}).value();
  gpu::launch(s, prepared, in, out, 2.0f).value();
  s.synchronize().value();
  auto own = gpu::occupancy_of(prepared).value(); // its own block of 256
  std::printf("occupancy of the prepared kernel (block %d): %d blocks per SM, %.0f%%\n",
              own.block_threads, own.blocks_per_multiprocessor, 100 * own.fraction);
  failures += check(own.block_threads == 256 && own.blocks_per_multiprocessor >= 1,
                    "occupancy of the prepared configuration",
                    std::to_string(own.blocks_per_multiprocessor) + " blocks");
  int previous_blocks = 1 << 30;
  bool monotonic = true;
  for (uint64_t block : {64u, 128u, 256u, 512u, 1024u}) {
    auto o = gpu::occupancy_of(prepared, block);
    if (!o) {
      failures += check(false, "occupancy query", o.error().message());
      continue;
    }
    std::printf("occupancy, block %4d: %2d blocks per SM, %4d threads, %.0f%%\n",
                o->block_threads, o->blocks_per_multiprocessor,
                o->threads_per_multiprocessor, 100 * o->fraction);
    monotonic &= o->blocks_per_multiprocessor <= previous_blocks &&
                 o->blocks_per_multiprocessor >= 1 &&
                 o->threads_per_multiprocessor <= p.max_threads_per_multiprocessor;
    previous_blocks = o->blocks_per_multiprocessor;
  }
  failures += check(monotonic, "fewer blocks per SM as blocks grow", "see above");
  auto light = gpu::occupancy_of(prepared, 256, 0).value();
  auto heavy = gpu::occupancy_of(prepared, 256, 100 * 1024).value();
  std::printf("occupancy, block 256 with 100 KiB shared: %d blocks per SM\n",
              heavy.blocks_per_multiprocessor);
  failures += check(heavy.blocks_per_multiprocessor >= 1 &&
                        heavy.blocks_per_multiprocessor < light.blocks_per_multiprocessor,
                    "shared memory lowers occupancy",
                    std::to_string(heavy.blocks_per_multiprocessor) + " < " +
                        std::to_string(light.blocks_per_multiprocessor));
  if (failures) {
    std::printf("FAILED: %d checks\n", failures);
    return 1;
  }
  std::printf("PASSED: all checks\n");
}
