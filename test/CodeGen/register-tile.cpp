// A register tile written without pragmas, as llm.c's matmul kernel 4
// writes it: alloy-unroll-indexed-arrays unrolls the loops that index the
// 8x8 accumulator, so it lives in registers (no local memory) and the k
// step is 64 fused multiply-adds, as with nvcc. With `#pragma nounroll` on
// the row loop the accumulator stays in local memory.
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-gpu-arch=sm_90 -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s < %t/register-tile.ptx
// RUN: rm -rf %t2 && %alloy_cc1 -O2 -DROLLED -c %s -o %t2.o -fplugin-arg-alloy-gpu-arch=sm_90 -fplugin-arg-alloy-trace=%t2
// RUN: FileCheck %s --check-prefix=ROLLED < %t2/register-tile.ptx
#include <gpu/gpu.hpp>

// CHECK-LABEL: .entry {{.*}}tile8x8
// CHECK-NOT: .local
// CHECK-COUNT-64: fma.rn.f32
// CHECK-NOT: .local
// CHECK: ret;
// ROLLED-LABEL: .entry {{.*}}tile8x8
// ROLLED: .local
namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 256)]]
void tile8x8(float *out, const float *a, const float *b, int K) {
  int t = gpu::thread_idx().x;
  float vals[8][8] = {};
  for (int k = 0; k < K; ++k) {
    float rb[8];
    for (int j = 0; j < 8; ++j)
      rb[j] = b[k * 8 + j];
#ifdef ROLLED
#pragma nounroll
#endif
    for (int i = 0; i < 8; ++i) {
      float x = a[(t * 8 + i) * K + k];
      for (int j = 0; j < 8; ++j)
        vals[i][j] += x * rb[j];
    }
  }
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j)
      out[(t * 8 + i) * 8 + j] = vals[i][j];
}
} // namespace kernels
