// cooperative groups' grid.sync() arrives on and polls the driver's grid
// workspace (%envreg1/2), and the kernel is marked grid_sync (in the
// module's metadata in the object) so that the runtime refuses it in a
// plain launch. Without a workspace it traps, as CUDA's does: no assertion
// message, which would make the driver set up its printf buffer at the
// kernel's first launch (2.7 ms on an H100: reductionMultiBlockCG ran at
// 0.63x nvcc so).
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s < %t/grid-sync.ptx
// RUN: llvm-strings %t.o | FileCheck %s --check-prefix=META
#include <gpu/cooperative_groups.hpp>
#include <gpu/cuda_compat.hpp>
#include <gpu/gpu.hpp>

namespace cg = cooperative_groups;

// CHECK-NOT: __assertfail
// CHECK-NOT: vprintf
// CHECK-LABEL: .entry _Z9two_stepsPfj(
// CHECK: mov.u32 %r{{[0-9]+}}, %envreg1;
// CHECK: atom.add.release.gpu.u32
// CHECK: ld.acquire.gpu.u32
// CHECK: trap;
__global__ void two_steps(float *data, unsigned n) {
  cg::grid_group grid = cg::this_grid();
  unsigned i = grid.thread_rank();
  if (i < n)
    data[i] += 1.0f;
  grid.sync();
  if (i < n)
    data[i] *= 2.0f;
}

// META-LABEL: kernel _Z9two_stepsPfj
// META: grid_sync
