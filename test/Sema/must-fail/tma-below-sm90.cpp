// TMA exists from sm_90 on: a bulk tensor copy in a build whose lowest
// --gpu-arch is sm_80 is an error naming the operation and the target.
// RUN: not %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-gpu-arch=sm_80 2>&1 | FileCheck %s --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/gpu.hpp>
#include <gpu/tma.hpp>

// The op is the intrinsic call in the header (as for the other sm_90 ops),
// inlined at the user's call.
// CHECK: error: Alloy: lowering the device code failed:
// CHECK-NEXT: tma.hpp":{{[0-9]+}}:{{[0-9]+}}): 'alloy.tma_load' op (cp.async.bulk.tensor load) needs sm_90 or newer (--gpu-arch=sm_90); the lowest target is sm_80 (inlined at loc("{{.*}}tma-below-sm90.cpp":[[@LINE+5]]:5))
[[gpu::kernel]] void load_tile(const gpu::tensor_map<float, 2> map, float *out) {
  [[gpu::shared]] alignas(128) float tile[16][16];
  [[gpu::shared]] gpu::mbarrier bar;
  if (gpu::thread_idx().x == 0)
    gpu::tma::load(&tile[0][0], map, 0, 0, bar);
  out[0] = tile[0][0];
}
