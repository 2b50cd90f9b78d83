// wgmma reads one descriptor for the whole warpgroup: a descriptor that
// depends on the thread (here a tile row chosen by the thread's index) is
// an error at the mma_async naming the operand.
// RUN: not %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-gpu-arch=sm_90a 2>&1 | FileCheck %s --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/gpu.hpp>
#include <gpu/wgmma.hpp>

using namespace gpu::wgmma;

// CHECK: wgmma-divergent-descriptor.cpp:[[@LINE+7]]:3: error: the A descriptor of this wgmma may differ between the threads of the warpgroup (in 'divergent_desc(float*)'); wgmma needs one descriptor for all of them
[[gpu::kernel, gpu::launch_contract(1, 128)]] void divergent_desc(float *out) {
  [[gpu::shared]] tile<gpu::half, 128, 64> a;
  [[gpu::shared]] tile<gpu::half, 64, 64> b;
  accumulator<64> acc;
  fence(acc);
  int row = int(gpu::thread_idx().x / 64) * 64;
  mma_async(acc, a.desc(row, 0), b.desc(0, 0), false);
  commit();
  wait<0>(acc);
  out[gpu::thread_idx().x] = acc[0];
}

// thread_idx().x / 128 is not the warpgroup in every block shape (a block
// of 192 x 2 threads): gpu::wgmma::warpgroup_index() is the way.
// CHECK: wgmma-divergent-descriptor.cpp:[[@LINE+7]]:3: error: the A descriptor of this wgmma may differ between the threads of the warpgroup (in 'x_over_128(float*)'); wgmma needs one descriptor for all of them: compute it from block-uniform values and gpu::wgmma::warpgroup_index()
[[gpu::kernel, gpu::launch_contract(1, 256)]] void x_over_128(float *out) {
  [[gpu::shared]] tile<gpu::half, 128, 64> a;
  [[gpu::shared]] tile<gpu::half, 64, 64> b;
  accumulator<64> acc;
  fence(acc);
  int row = int(gpu::thread_idx().x / 128) * 64;
  mma_async(acc, a.desc(row, 0), b.desc(0, 0), false);
  commit();
  wait<0>(acc);
  out[gpu::thread_idx().x] = acc[0];
}
