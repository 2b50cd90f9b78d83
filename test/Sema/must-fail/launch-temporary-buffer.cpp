// A temporary buffer for a kernel's input: the plugin does not check this
// one, so the header's static_assert still reports it with the plugin
// loaded, and only it.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not='internal error' --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump' --implicit-check-not='alloy:launch-argument'
#include "../Inputs/scale-kernel.h"

void run(gpu::context &ctx, gpu::stream &stream) {
  auto out = gpu::device_buffer<float>::zeroed(stream, 128).value();
  auto p = gpu::prepare<kernels::scale>(ctx, gpu::launch_config_1d{1, 128}).value();
  // CHECK: error: static assertion failed{{.*}}gpu::launch: argument 1 of kernel 'kernels::scale' (parameter type 'std::span<const float>') cannot take a temporary buffer
  (void)gpu::launch(stream, p, gpu::device_buffer<float>::zeroed(stream, 128).value(), out);
}
