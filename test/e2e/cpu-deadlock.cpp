// On the CPU device (cpu-device.test): threads that wait for each other
// forever are a fault naming the kernel, the block and the threads.
#include <gpu/gpu.hpp>
#include <cstdio>
namespace kernels {
[[gpu::kernel]] void stuck(int *out) {
  int t = int(gpu::thread_idx().x);
  if (t == 0)
    out[0] = gpu::warp::shfl(t, 1); // lane 1 never gets here
  gpu::sync_threads();
}
} // namespace kernels
int main() {
  auto ctx = gpu::context::create(0).value();
  auto &s = ctx.default_stream();
  auto buf = gpu::device_buffer<int>::zeroed(s, 32).value();
  gpu::launch_unchecked<kernels::stuck>(s, gpu::launch_config_1d{1, 32}, buf).value();
  auto r = s.synchronize();
  std::printf("%s\n", r ? "no error" : r.error().message().c_str());
}
