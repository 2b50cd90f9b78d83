// Line info with Alloy's inliner: the dynamic shared memory global is
// created where an inlined helper first uses it, so its location is an
// inlined call site; alloy-global-locations strips that before MLIR's
// debug-scope pass, which crashed on it (no function around a global).
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-line-info -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s < %t/line-info-inlined-global.ptx
#include <gpu/gpu.hpp>
#include <span>

// CHECK: .extern .shared .align 16 .b8 __alloy_dynamic_shared[];
static float first(int t) {
  std::span<float> buffer = gpu::dynamic_shared<float>();
  return buffer[t];
}

[[gpu::kernel]] void read_first(float *out) {
  int t = int(gpu::thread_idx().x);
  // CHECK: .loc {{[0-9]+}} [[@LINE+1]] 3
  out[t] = first(t);
}
