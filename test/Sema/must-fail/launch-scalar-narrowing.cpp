// gpu::launch_unchecked with a scalar argument that would narrow.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not='internal error' --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump' --implicit-check-not='static assertion'
#include <gpu/gpu.hpp>

namespace kernels {
[[gpu::kernel]] void fill(float *out, unsigned count) {
  auto i = gpu::thread::index_1d().get();
  if (i < count) out[i] = 1;
}
}  // namespace kernels

void run(gpu::stream &stream, int n) {
  auto out = gpu::device_buffer<float>::zeroed(stream, 128).value();
  // CHECK: launch-scalar-narrowing.cpp:[[@LINE+1]]:90: error: argument for parameter 'count' of kernels::fill: 'int' does not convert to 'unsigned int' without narrowing [alloy:launch-argument]
  (void)gpu::launch_unchecked<kernels::fill>(stream, gpu::launch_config_1d{1, 128}, out, n);
  // CHECK: launch-scalar-narrowing.cpp:[[@LINE-10]]:48: note: parameter 'count' declared here
}
