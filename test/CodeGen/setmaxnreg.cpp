// gpu::warpgroup::{acquire,release}_registers for sm_90a: setmaxnreg with
// the count from the template argument, on each side of a branch on
// gpu::wgmma::warpgroup_index().
// REQUIRES: ptxas
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-gpu-arch=sm_90a -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s < %t/setmaxnreg.ptx
#include <gpu/cluster.hpp>
#include <gpu/gpu.hpp>
#include <gpu/wgmma.hpp>

// CHECK-LABEL: .entry _Z11specializedPj(
// CHECK-DAG: setmaxnreg.dec.sync.aligned.u32 40;
// CHECK-DAG: setmaxnreg.inc.sync.aligned.u32 232;
[[gpu::kernel, gpu::launch_bounds(256, 1)]] void specialized(uint32_t *out) {
  if (gpu::wgmma::warpgroup_index() == 0)
    gpu::warpgroup::release_registers<40>();
  else
    gpu::warpgroup::acquire_registers<232>();
  out[gpu::thread_idx().x] = 1;
}
