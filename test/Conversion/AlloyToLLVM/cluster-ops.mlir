// Clusters to nvvm for sm_90: the special registers, barrier.cluster
// (not .aligned), mapa on generic addresses, and the kernel's cluster_dims
// as nvvm.cluster_dim (PTX .reqnctapercluster); setmaxnreg for sm_90a.
// Below sm_90 (and setmaxnreg below sm_90a alone): errors at the op.
// RUN: alloy-opt %s --convert-alloy-to-llvm="sm=90 arch-specific=1" | FileCheck %s
// RUN: alloy-opt %s --convert-alloy-to-llvm="sm=90 arch-specific=1" --reconcile-unrealized-casts \
// RUN:   | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 | FileCheck %s --check-prefix=PTX
// RUN: not alloy-opt %s --convert-alloy-to-llvm="sm=90 targets=sm_90" 2>&1 | FileCheck %s --check-prefix=SM90
// RUN: not alloy-opt %s --convert-alloy-to-llvm="sm=80 targets=sm_80" 2>&1 | FileCheck %s --check-prefix=SM80

// CHECK-LABEL: llvm.func {{.*}}@cluster(
func.func @cluster(%r: i32) -> i32 {
  // CHECK: nvvm.read.ptx.sreg.cluster.ctarank
  %rank = alloy.cluster_reg "rank"
  // CHECK: nvvm.read.ptx.sreg.cluster.nctaid.y
  %dy = alloy.cluster_reg "dim_y"
  // CHECK: nvvm.cluster.arrive
  // CHECK-NOT: aligned
  alloy.cluster_barrier "arrive"
  // CHECK: nvvm.cluster.wait
  alloy.cluster_barrier "wait"
  // CHECK: nvvm.setmaxregister {{ *}}increase 232
  alloy.setmaxnreg increase 232
  %s = arith.addi %rank, %dy : i32
  return %s : i32
}

// CHECK-LABEL: llvm.func {{.*}}@map(
func.func @map(%p: !alloy.ptr, %r: i32) -> !alloy.ptr {
  // CHECK: nvvm.mapa %{{.*}}, %{{.*}} : !llvm.ptr -> !llvm.ptr
  %q = alloy.cluster_map %p, %r : !alloy.ptr -> !alloy.ptr
  return %q : !alloy.ptr
}

// CHECK-LABEL: llvm.func @k()
// CHECK-SAME: nvvm.cluster_dim = array<i32: 2, 1, 1>
alloy.kernel @k() attributes {cluster_dims = array<i32: 2, 1, 1>} {
  alloy.return
}

// PTX-LABEL: .func{{.*}}cluster(
// PTX: mov.u32 %r{{[0-9]+}}, %cluster_ctarank;
// PTX: barrier.cluster.arrive;
// PTX: barrier.cluster.wait;
// PTX: setmaxnreg.inc.sync.aligned.u32 232;
// PTX-LABEL: .func{{.*}}map(
// PTX: mapa.u64
// PTX-LABEL: .entry k(
// PTX: .explicitcluster
// PTX: .reqnctapercluster 2, 1, 1

// SM90: 'alloy.setmaxnreg' op (setmaxnreg) needs the arch-specific target sm_90a (--gpu-arch=sm_90a, and no other architecture in the build); the build targets sm_90
// SM80: 'alloy.kernel' op (cluster_dims) needs sm_90 or newer (--gpu-arch=sm_90); the build targets sm_80
