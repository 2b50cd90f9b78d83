// Two warpgroups, each multiplying its own 64 rows of A: a descriptor
// computed from gpu::wgmma::warpgroup_index() is the same on every thread
// of a warpgroup, and the wgmma check accepts it (no error, one mma).
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-gpu-arch=sm_90a -fplugin-arg-alloy-trace=%t 2>&1 | FileCheck %s --allow-empty --check-prefix=DIAG
// RUN: FileCheck %s < %t/wgmma-warpgroup-index.ptx
#include <gpu/gpu.hpp>
#include <gpu/wgmma.hpp>

using namespace gpu::wgmma;

// DIAG-NOT: error
// DIAG-NOT: warning
// CHECK-LABEL: .entry _Z10two_groupsPf(
// CHECK: mov.b32 %r{{[0-9]+}}, %r{{[0-9]+}}; // alloy-warpgroup-uniform
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK-NOT: wgmma.mma_async
// CHECK: ret;
[[gpu::kernel, gpu::launch_contract(1, 256)]] void two_groups(float *out) {
  [[gpu::shared]] tile<gpu::half, 128, 64> a;
  [[gpu::shared]] tile<gpu::half, 64, 64> b;
  accumulator<64> acc;
  fence(acc);
  int wg = warpgroup_index();
  mma_async(acc, a.desc(wg * 64, 0), b.desc(0, 0), false);
  commit();
  wait<0>(acc);
  out[gpu::thread_idx().x] = acc[0];
}
