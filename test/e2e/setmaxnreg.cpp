// Warpgroup register reallocation on the GPU (sm_90a): in a block of two
// warpgroups, the first gives registers back (release_registers<40>) and
// the second takes them (acquire_registers<232>), as the producer and the
// consumers of a warp-specialized kernel do; both then compute, and the
// host checks every thread's result.
#include <gpu/cluster.hpp>
#include <gpu/gpu.hpp>
#include <gpu/wgmma.hpp>

#include "check.hpp"

#include <cstdio>
#include <string>

namespace kernels {
[[gpu::kernel, gpu::launch_bounds(256, 1), gpu::launch_contract(1, 256)]]
void specialized(uint32_t *out) {
  uint32_t t = gpu::thread_idx().x;
  uint32_t v = t;
  if (gpu::wgmma::warpgroup_index() == 0) {
    gpu::warpgroup::release_registers<40>();
    for (int i = 0; i < 10; ++i)
      v = v * 3 + 1;
  } else {
    gpu::warpgroup::acquire_registers<232>();
    for (int i = 0; i < 20; ++i)
      v = v * 5 + 2;
  }
  out[gpu::block_idx().x * 256 + t] = v;
}
} // namespace kernels

int main() {
  auto ctx = gpu::context::create(0);
  if (!ctx) {
    std::fprintf(stderr, "%s\n", ctx.error().message().c_str());
    return 2;
  }
  auto &s = ctx->default_stream();
  const uint32_t blocks = 132;
  auto out = gpu::device_buffer<uint32_t>::zeroed(s, blocks * 256).value();
  auto p = gpu::prepare<kernels::specialized>(
      *ctx, gpu::launch_config_1d{blocks, 256});
  int failures = check(bool(p), "setmaxnreg: prepare", describe(p));
  if (p) {
    auto launched = gpu::launch(s, *p, out);
    failures += check(bool(launched), "setmaxnreg: launch", describe(launched));
    auto h = out.to_host(s).value();
    int wrong = 0;
    for (uint32_t b = 0; b < blocks; ++b)
      for (uint32_t t = 0; t < 256; ++t) {
        uint32_t v = t;
        for (int i = 0; i < (t < 128 ? 10 : 20); ++i)
          v = t < 128 ? v * 3 + 1 : v * 5 + 2;
        wrong += h[b * 256 + t] != v;
      }
    failures += check(wrong == 0, "setmaxnreg: both warpgroups compute",
                      std::to_string(wrong) + " of " +
                          std::to_string(blocks * 256) + " wrong");
  }
  if (failures) {
    std::printf("FAILED: %d checks\n", failures);
    return 1;
  }
  std::printf("PASSED: all checks\n");
}
