// <gpu/wgmma.hpp> for sm_90a: one fence, the k-steps' mma_asyncs (the
// descriptors advance 32 bytes per k-step inside a 128-byte swizzled row,
// computed once per k-step from the tile's shared address), one commit,
// the releasing wait; the accumulator stays in registers (no local memory)
// and ptxas accepts the result.
// REQUIRES: ptxas
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-gpu-arch=sm_90a -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s < %t/wgmma.ptx
// RUN: FileCheck %s --check-prefix=CUBIN < %t/wgmma.cubin.txt
#include <gpu/gpu.hpp>
#include <gpu/hopper.hpp>
#include <gpu/wgmma.hpp>

using namespace gpu::wgmma;

// CHECK: .version 8.0
// CHECK: .target sm_90a
// CHECK-LABEL: .entry _Z7productPKN3gpu10basic_halfIDF16_EEPf(
// CHECK-NOT: .local
// CHECK: wgmma.fence.sync.aligned;
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{[{]}}[[ACC:(%r[0-9]+, ){63}%r[0-9]+]]}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p, 1, 1, 0, 0;
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK-NOT: wgmma
// CHECK: ret;
// CUBIN: cubin: {{[0-9]+}} bytes for sm_90a
[[gpu::kernel, gpu::launch_contract(1, 128)]] void
product(const gpu::half *in, float *out) {
  [[gpu::shared]] tile<gpu::half, 64, 64> a;
  [[gpu::shared]] tile<gpu::half, 128, 64> b;
  uint32_t t = gpu::thread_idx().x;
  for (uint32_t i = t; i < 64 * 64; i += 128)
    a.at(int(i / 64), int(i % 64)) = in[i];
  for (uint32_t i = t; i < 128 * 64; i += 128)
    b.at(int(i / 64), int(i % 64)) = in[i];
  gpu::fence_proxy_async();
  gpu::sync_threads();
  accumulator<128> acc;
  fence(acc);
#pragma unroll
  for (int k = 0; k < 64; k += 16)
    mma_async(acc, a.desc(0, k), b.desc(0, k), k > 0);
  commit();
  wait<0>(acc);
#pragma unroll
  for (int i = 0; i < acc.size; ++i)
    out[acc.row(i) * 128 + acc.col(i)] = acc[i];
}
