// mma.sync with fp8 multiplicands (m16n8k32 e4m3/e5m2 into f32, sm_89 and
// newer): inline PTX (upstream nvvm.mma.sync has no fp8 form), and the PTX
// file says .version 8.4, the ISA that has them. Below sm_89 it is an error.
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-gpu-arch=sm_90 -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s < %t/mma-fp8.ptx
// RUN: not %alloy_cc1 -O2 -c %s -o %t.sm80.o -fplugin-arg-alloy-gpu-arch=sm_80 2>&1 | FileCheck %s --check-prefix=SM80
#include <gpu/gpu.hpp>
#include <gpu/tensor_core.hpp>

using namespace gpu::mma;

// CHECK: .version 8.4
// CHECK: mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32
// CHECK: mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32
// SM80: 'alloy.mma_sync' op with e4m3 multiplicands needs sm_89 or newer
template <class T>
void one(const uint32_t *in, float *out) {
  fragment<role::a, m16n8k32, T> a;
  fragment<role::b, m16n8k32, T> b;
  for (int i = 0; i < a.registers; ++i)
    a.reg[i] = in[i];
  for (int i = 0; i < b.registers; ++i)
    b.reg[i] = in[8 + i];
  fragment<role::accumulator, m16n8k32, float> c{};
  mma(c, a, b);
  for (int i = 0; i < c.registers; ++i)
    out[i] = c.reg[i];
}

[[gpu::kernel]] void fp8(const uint32_t *in, float *out) {
  one<gpu::fp8_e4m3>(in, out);
  one<gpu::fp8_e5m2>(in, out + 4);
}
