// gpu::launch_unchecked of a function that is not a kernel.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/gpu.hpp>

inline void fill(float *out) { out[0] = 1; }

void run(gpu::stream &stream) {
  auto out = gpu::device_buffer<float>::zeroed(stream, 64).value();
  // CHECK: launch-unchecked-not-kernel.cpp:[[@LINE+1]]:9: error: gpu::launch_unchecked: 'fill' is not a {{\[\[}}gpu::kernel{{\]\]}} [alloy:launch-not-kernel]
  (void)gpu::launch_unchecked<fill>(stream, gpu::launch_config_1d{1, 64}, out);
}
