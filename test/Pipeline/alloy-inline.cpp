// Device functions without loops are inlined at the Alloy level, after the
// analyses that report to the user: a local whose address a helper takes
// becomes an SSA value, a helper with a loop stays a call for LLVM, and an
// error inside an inlined helper names the helper's line and the call.
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s --check-prefix=BEFORE < %t/alloy-inline.alloy.opt.mlir
// RUN: FileCheck %s < %t/alloy-inline.alloy.inlined.mlir
// RUN: rm -rf %t.g && %alloy_cc1 -O2 -c %s -o %t.g.o -fplugin-arg-alloy-line-info -fplugin-arg-alloy-trace=%t.g
// RUN: FileCheck %s --check-prefix=LINES < %t.g/alloy-inline.ptx
#include <gpu/gpu.hpp>

// Accumulates through a reference, as fragment helpers do. With line
// info, its inlined body keeps its own line.
// LINES: .loc {{[0-9]+}} [[@LINE+1]] {{[0-9]+}}
static void accumulate(float &acc, float v) { acc += v * v; }

[[gnu::noinline]] static float kept(float x) { return x + 1.0f; }

static float sum_to(const float *p, int n) {
  float s = 0.0f;
  for (int i = 0; i < n; ++i)
    s += p[i];
  return s;
}

// BEFORE-LABEL: alloy.kernel @{{.*}}norms
// BEFORE: alloy.alloca f32
// BEFORE: call @{{.*}}accumulate
// The address-taken local is gone, and with it the call of `accumulate`.
// CHECK-LABEL: alloy.kernel @{{.*}}norms
// CHECK-NOT: alloy.alloca
// CHECK-NOT: call @{{.*}}accumulate
// CHECK: call @{{.*}}kept
// CHECK: call @{{.*}}sum_to
// CHECK: alloy.return
// Inlined everywhere, `accumulate` is gone; the other two stay.
// CHECK-NOT: func.func private @{{.*}}accumulate
[[gpu::kernel]] void norms(const float *in, float *out, int n) {
  const int i = int(gpu::block_idx().x * gpu::block_dim().x + gpu::thread_idx().x);
  float acc = 0.0f;
  accumulate(acc, in[i]);
  accumulate(acc, in[i + 1]);
  out[i] = kept(acc) + sum_to(in, n);
}
