// On the CPU device under AddressSanitizer (cpu-device.test): a write one
// past the end of a buffer in a kernel is reported with its source line.
#include <gpu/gpu.hpp>
#include <cstdio>
namespace kernels {
[[gpu::kernel]] void fill(float *out, int n) {
  int i = int(gpu::thread::index_1d().get());
  if (i <= n) // planted bug: one past the end
    out[i] = float(i);
}
} // namespace kernels
int main() {
  auto ctx = gpu::context::create(0).value();
  auto &s = ctx.default_stream();
  auto buf = gpu::device_buffer<float>::zeroed(s, 1000).value();
  gpu::launch_unchecked<kernels::fill>(s, gpu::launch_config_1d{4, 256}, buf, 1000).value();
  s.synchronize().value();
  std::printf("done\n");
}
