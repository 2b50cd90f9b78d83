// Row indices that a loop and the epilogue after it both compute
// (`i + 4 * tid.x`) are not carried across the loop for the epilogue:
// GVN's PRE makes them phis of the preheader's copies, which the backend
// keeps live across the loop in registers that ptxas then takes from the
// loop (llm.c's matmul kernel 4 ran at 0.91x nvcc so).
// alloy-recompute-after-loops recomputes them after the loop, where they
// fold into the epilogue's address arithmetic: no `or` before the loop.
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s < %t/recompute-after-loops.ptx
#include <gpu/gpu.hpp>

namespace k {
[[gpu::kernel, gpu::launch_contract(2, 16, 16)]]
void rows(float *out, const float *in, int n, int m) {
  const gpu::dim3 t = gpu::thread_idx();
  [[gpu::shared]] float tile[64][32];
  float acc[4] = {};
  for (int k0 = 0; k0 < n; k0 += 32) {
    gpu::sync_threads();
    tile[t.y][t.x] = in[t.y * n + k0 + t.x];
    gpu::sync_threads();
    for (int k = 0; k < 32; ++k)
      for (int i = 0; i < 4; ++i)
        acc[i] += tile[i + 4 * t.x][k];
  }
  for (int i = 0; i < 4; ++i)
    out[(i + 4 * t.x) * m + t.y] = acc[i];
}
} // namespace k

// CHECK-LABEL: .entry {{.*}}rows
// CHECK-NOT: or.b32
// CHECK: bar.sync
// CHECK: ret;
