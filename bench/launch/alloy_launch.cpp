// launch: the cost of one gpu::launch (argument checks, alias checks, the
// driver call) of a tiny kernel, launched back to back; compared with a raw
// cuLaunchKernel of the same kernel in nvcc_launch.cu.
#include "../common/alloy_bench.hpp"

#include <chrono>
#include <dlfcn.h>

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 32)]]
void touch(std::span<const int> in, gpu::disjoint_span<int> out, int v) {
  if (int *o = out.get_mut(gpu::thread::index_1d()))
    *o = in[0] + v;
}
} // namespace kernels

int main(int, char **argv) {
  return bench::alloy_main(argv[0], [&](gpu::context &ctx) {
    auto &s = ctx.default_stream();
    auto in = gpu::device_buffer<int>::from_host(s, std::vector<int>{5}).value();
    auto out = gpu::device_buffer<int>::uninitialized(s, 32).value();
    auto p = gpu::prepare<kernels::touch>(ctx, gpu::launch_config_1d{1, 32})
                 .value();
    int v = 7;
    gpu::launch(s, p, in, out, v).value();
    bool ok = out.to_host(s).value()[31] == 12;
    double us = bench::time_alloy_host(s, p, in, out, v);
    // Where the time goes: the driver calls gpu::launch makes besides
    // cuLaunchKernel (one cuCtxGetCurrent), timed alone.
    if (void *driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD)) {
      using get_fn = int (*)(void **);
      auto get = reinterpret_cast<get_fn>(dlsym(driver, "cuCtxGetCurrent"));
      void *current = nullptr;
      const int n = 100000;
      auto t0 = std::chrono::steady_clock::now();
      for (int i = 0; i < n; ++i)
        get(&current);
      double get_us = std::chrono::duration<double, std::micro>(
                          std::chrono::steady_clock::now() - t0)
                          .count() /
                      n;
      std::printf("launch cuCtxGetCurrent: median_us=%.3f\n", get_us);
    }
    return bench::report("launch", "alloy", us, "Mlaunch/s", 1.0 / us, ok);
  });
}
