// A loop's running sum (one fma of values the body computed) stays where
// the body computes it, ahead of the body's `if`: LLVM's MachineSink would
// move it past the `if` into the latch, which runs as often (it
// post-dominates the body), and ptxas then schedules the body worse
// (wgmma_attention d64: 5%). Alloy moves such sinks back (RevertMachineSinks).
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s < %t/sink-into-latch.ptx
#include <gpu/gpu.hpp>

namespace k {
[[gpu::kernel]] void running_sum(const float *in,
                                 gpu::disjoint_span<float> out,
                                 gpu::disjoint_span<float> seen, int n,
                                 int marked) {
  auto i = gpu::thread::index_1d();
  float sum = 0.0f, scale = 1.0f;
#pragma unroll 1
  for (int t = 0; t < n; ++t) {
    float v = in[t];
    scale = scale * 0.5f;
    sum = sum * scale + v;
    if (t == marked)
      if (float *o = seen.get_mut(i))
        *o = v;
  }
  if (float *o = out.get_mut(i))
    *o = sum;
}
} // namespace k

// CHECK-LABEL: .entry {{.*}}running_sum
// CHECK: ld.global.nc.b32 [[V:%r[0-9]+]],
// CHECK-NEXT: mul.f32
// CHECK-NEXT: fma.rn.f32
// CHECK-NEXT: setp.eq.b32
// CHECK: st.global.b32 {{.*}}, [[V]];
// CHECK: ret;
