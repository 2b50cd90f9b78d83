// A kernel that writes out of bounds, for compute-sanitizer: built with
// -lineinfo, its report names this file and the faulting line (the store
// below, line 10). Without the sanitizer the fault is an error value.
#include <gpu/gpu.hpp>
#include <cstdio>

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 32)]] void write_past(int *out,
                                                             int stride) {
  out[gpu::thread_idx().x * stride] = 1;
}
} // namespace kernels

int main() {
  auto ctx = gpu::context::create(0);
  if (!ctx) {
    std::fprintf(stderr, "%s\n", ctx.error().message().c_str());
    return 2;
  }
  auto &s = ctx->default_stream();
  auto out = gpu::device_buffer<int>::zeroed(s, 32).value();
  auto p = gpu::prepare<kernels::write_past>(*ctx, gpu::launch_config_1d{1, 32})
               .value();
  // Thread 31 writes 31 * 2^20 ints past the start of a 32-int buffer.
  auto launched = gpu::launch_unchecked<kernels::write_past>(
      s, gpu::launch_config_1d{1, 32}, out, 1 << 20);
  auto synced = s.synchronize();
  std::printf("fault reported: %s\n",
              !launched ? launched.error().message().c_str()
              : !synced ? synced.error().message().c_str()
                        : "none");
  (void)p;
  return synced ? 1 : 0;
}
