// gpu::launch with one argument too few. The header's static_assert reports
// it too (it exists for builds without the plugin).
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not='internal error' --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/gpu.hpp>

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 64)]]
void fill(float *out, unsigned n) {
  auto i = gpu::thread::index_1d().get();
  if (i < n) out[i] = 1;
}
}  // namespace kernels

void run(gpu::context &ctx, gpu::stream &stream) {
  auto out = gpu::device_buffer<float>::zeroed(stream, 64).value();
  auto p = gpu::prepare<kernels::fill>(ctx, gpu::launch_config_1d{1, 64}).value();
  // CHECK: launch-wrong-argument-count.cpp:[[@LINE+1]]:9: error: kernels::fill takes 2 arguments, but 1 was given [alloy:launch-arg-count]
  (void)gpu::launch(stream, p, out);
}
