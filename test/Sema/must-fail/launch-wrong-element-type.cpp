// gpu::launch with a buffer of the wrong element type: reported once, by the
// plugin. The header's static_assert (for builds without the plugin) leaves
// it to the plugin, which defines __ALLOY__.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not='internal error' --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump' --implicit-check-not='static assertion'
#include "../Inputs/scale-kernel.h"

void run(gpu::context &ctx, gpu::stream &stream) {
  auto ints = gpu::device_buffer<int>::zeroed(stream, 128).value();
  auto out = gpu::device_buffer<float>::zeroed(stream, 128).value();
  auto p = gpu::prepare<kernels::scale>(ctx, gpu::launch_config_1d{1, 128}).value();
  // CHECK: launch-wrong-element-type.cpp:[[@LINE+1]]:32: error: argument for parameter 'in' of kernels::scale: the buffer holds 'int', the parameter wants 'float' [alloy:launch-argument]
  (void)gpu::launch(stream, p, ints, out);
  // CHECK: scale-kernel.h:6:35: note: parameter 'in' declared here
}
