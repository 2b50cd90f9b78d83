// wgmma with A in registers (sm_90a): the accumulator of a first product,
// rounded to halves in registers (a_fragment::from), is the A operand of a
// second: four 32-bit registers in place of A's descriptor, one transpose
// flag; the per-thread A registers pass alloy-check-wgmma (only B's
// descriptor must be warpgroup-uniform); nothing in local memory.
// REQUIRES: ptxas
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-gpu-arch=sm_90a -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s < %t/wgmma-rega.ptx
#include <gpu/gpu.hpp>
#include <gpu/hopper.hpp>
#include <gpu/wgmma.hpp>

using namespace gpu::wgmma;

// CHECK-LABEL: .entry _Z5chainPf(
// CHECK-NOT: .local
// CHECK: wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16 {{[{]}}{{(%r[0-9]+, ){7}%r[0-9]+}}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p, 1, 1, 0, 0;
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK: cvt.rn.f16x2.f32
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{[{]}}{{(%r[0-9]+, ){31}%r[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1, 0;
// CHECK: wgmma.wait_group.sync.aligned 0;
[[gpu::kernel, gpu::launch_contract(1, 128)]] void chain(float *out) {
  [[gpu::shared]] tile<gpu::half, 64, 64> a;
  [[gpu::shared]] tile<gpu::half, 16, 64> b1;
  [[gpu::shared]] tile<gpu::half, 64, 64> b2;
  accumulator<16> s;
  fence(s);
  mma_async(s, a.desc(0, 0), b1.desc(0, 0), false);
  commit();
  wait<0>(s);
  auto p = a_fragment<gpu::half>::from(s, 0);
  accumulator<64> o;
  fence(o);
  mma_async(o, p, b2.desc(0, 0), false);
  commit();
  wait<0>(o);
  for (int i = 0; i < o.size; ++i)
    out[o.row(i) * 64 + o.col(i)] = o[i];
}
