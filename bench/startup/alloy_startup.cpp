// startup: from the start of main() to the end of the first launch (context,
// module load, launch, synchronize) of a tiny kernel. Built twice: with a
// cubin for sm_90, and (-DBENCH_PTX, --gpu-arch=sm_80) with PTX only, which
// the driver compiles at load time on the H200.
#include "../common/alloy_bench.hpp"

#include <chrono>

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 32)]]
void touch(gpu::disjoint_span<int> out, int v) {
  if (int *o = out.get_mut(gpu::thread::index_1d()))
    *o = v;
}
} // namespace kernels

int main(int, char **argv) {
  auto t0 = std::chrono::steady_clock::now();
  return bench::alloy_main(argv[0], [&](gpu::context &ctx) {
    auto &s = ctx.default_stream();
    auto out = gpu::device_buffer<int>::uninitialized(s, 32).value();
    auto p = gpu::prepare<kernels::touch>(ctx, gpu::launch_config_1d{1, 32})
                 .value();
    gpu::launch(s, p, out, 7).value();
    s.synchronize().value();
    double us = std::chrono::duration<double, std::micro>(
                    std::chrono::steady_clock::now() - t0)
                    .count();
    bool ok = out.to_host(s).value()[31] == 7;
#ifdef BENCH_PTX
    const char *name = "startup_ptx";
#else
    const char *name = "startup";
#endif
    return bench::report(name, "alloy", us, "ms", us / 1000, ok);
  });
}
