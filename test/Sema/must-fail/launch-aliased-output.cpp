// The same buffer as an output and an input of one launch, the output
// named through a reference.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/gpu.hpp>

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 256)]]
void axpy(float a, std::span<const float> x, gpu::disjoint_span<float> y) {
  auto idx = gpu::thread::index_1d();
  if (float *p = y.get_mut(idx)) *p += a * x[idx.get()];
}
}  // namespace kernels

void run(gpu::context &ctx, gpu::stream &stream) {
  auto data = gpu::device_buffer<float>::zeroed(stream, 256).value();
  auto &alias = data;
  auto p = gpu::prepare<kernels::axpy>(ctx, gpu::launch_config_1d{1, 256}).value();
  // CHECK: launch-aliased-output.cpp:[[@LINE+1]]:38: error: 'data' is the output 'y' of kernels::axpy and also input 'x' (if the kernel is written to work in place, mark 'y' {{\[\[}}gpu::may_alias]]) [alloy:launch-aliasing]
  (void)gpu::launch(stream, p, 2.0f, data, alias);
}
