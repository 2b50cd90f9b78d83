// A value the entry block computes for the last loop only (here the output
// pointer) stays in the entry: LLVM's MachineSink would move it past the
// first loop and the barrier, into the second loop's preheader, and ptxas
// took the row-block softmax from 32 registers to 50 for such a move.
// Alloy moves sinks past a loop back (RevertMachineSinks).
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s < %t/sink-past-loop.ptx
#include <gpu/gpu.hpp>

namespace k {
[[gpu::kernel]] void scale_rows(float *out, const float *in, int c) {
  int tid = gpu::thread_idx().x;
  const float *x = in + size_t(gpu::block_idx().x) * c;
  float *y = out + size_t(gpu::block_idx().x) * c;
  gpu::shared_array<float, 1> total;
  float sum = 0.0f;
#pragma unroll 1
  for (int i = tid; i < c; i += 256)
    sum += x[i];
  if (tid == 0)
    total[0] = sum;
  gpu::sync_threads();
  sum = total[0];
#pragma unroll 1
  for (int i = tid; i < c; i += 256)
    y[i] = x[i] * sum;
}
} // namespace k

// CHECK-LABEL: .entry {{.*}}scale_rows
// CHECK: ld.param.b64 {{%rd[0-9]+}}, [{{.*}}_param_0];
// CHECK: $L__BB0_2:
// CHECK: bar.sync
// CHECK: st.global
// CHECK: ret;
