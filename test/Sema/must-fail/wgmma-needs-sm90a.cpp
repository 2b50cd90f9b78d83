// wgmma exists only on the arch-specific sm_90a: in a build for sm_90 (or
// for sm_90a with another architecture) it is an error naming the targets.
// RUN: not %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-gpu-arch=sm_90 2>&1 | FileCheck %s --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
// RUN: not %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-gpu-arch=sm_90,sm_90a 2>&1 | FileCheck %s --check-prefix=FAT --implicit-check-not='PLEASE submit'
#include <gpu/gpu.hpp>
#include <gpu/wgmma.hpp>

using namespace gpu::wgmma;

// CHECK: wgmma-needs-sm90a.cpp":[[@LINE+6]]:3): 'alloy.wgmma_mma_async' op (wgmma) needs the arch-specific target sm_90a (--gpu-arch=sm_90a, and no other architecture in the build); the build targets sm_90
// FAT: the build targets sm_90,sm_90a
[[gpu::kernel, gpu::launch_contract(1, 128)]] void product(float *out) {
  [[gpu::shared]] tile<gpu::half, 64, 64> a;
  [[gpu::shared]] tile<gpu::half, 64, 64> b;
  accumulator<64> acc;
  mma_async(acc, a.desc(0, 0), b.desc(0, 0), false);
  commit();
  wait<0>(acc);
  out[gpu::thread_idx().x] = acc[0];
}
