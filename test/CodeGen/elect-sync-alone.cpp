// elect.sync is PTX ISA 8.0: a kernel whose only sm_90 instruction is
// gpu::elect_one() asks for it too (it used to reach LLVM's instruction
// selection with LLVM's 7.8 for sm_90 and crash there).
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-gpu-arch=sm_90 -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s < %t/elect-sync-alone.ptx
#include <gpu/gpu.hpp>
#include <gpu/hopper.hpp>

// CHECK: .version 8.
// CHECK-LABEL: .entry _Z6leaderPi(
// CHECK: elect.sync
[[gpu::kernel]] void leader(int *out) {
  if (gpu::elect_one())
    out[gpu::thread_idx().x / 32] = int(gpu::warp::lane_id());
}
