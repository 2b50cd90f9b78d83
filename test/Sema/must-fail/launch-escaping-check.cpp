// A launch that the plugin's check cannot see (gpu::launch called through
// a pointer to one of its specializations) with an argument it rejects: the
// header leaves the element type to the plugin, so the compile stops when
// it emits the rejected launch, not with a launch that does nothing.
// RUN: not %alloy_cc1 -O2 -c %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not='internal error' --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include "../Inputs/scale-kernel.h"

using launcher = gpu::result<void> (*)(gpu::stream &,
                                       const gpu::prepared<kernels::scale> &,
                                       gpu::device_buffer<int> &,
                                       gpu::device_buffer<float> &);
launcher pick() {
  // CHECK: error: call to '{{.*}}rejected_launch{{.*}}' declared with 'error' attribute: gpu::launch: the arguments do not match the kernel's parameters
  return &gpu::launch<kernels::scale, gpu::device_buffer<int> &,
                      gpu::device_buffer<float> &>;
}
