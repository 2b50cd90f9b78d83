// <gpu/cluster.hpp> for sm_90: a kernel's [[gpu::cluster_dims]] becomes
// .explicitcluster/.reqnctapercluster and a `cluster` metadata line; the
// cluster registers, barrier.cluster (not .aligned: threads may arrive
// apart) and mapa on the generic address of a shared variable, whose
// result is read with a generic load (the other block's shared memory is
// not in this block's shared window).
// REQUIRES: ptxas
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-gpu-arch=sm_90 -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s < %t/cluster.ptx
// RUN: FileCheck %s --check-prefix=META < %t/cluster.kernels.txt
#include <gpu/cluster.hpp>
#include <gpu/gpu.hpp>

// META: kernel _Z5pairsPj pairs
// META-NEXT: contract 1 128 1 1
// META-NEXT: cluster 2 1 1
// CHECK-LABEL: .entry _Z5pairsPj(
// CHECK: .explicitcluster
// CHECK-NEXT: .reqnctapercluster 2, 1, 1
// CHECK: st.shared.b32
// CHECK: barrier.cluster.arrive;
// CHECK-NEXT: barrier.cluster.wait;
// CHECK: mov.u32 %r{{[0-9]+}}, %cluster_ctarank;
// CHECK: mapa.u64 [[REMOTE:%rd[0-9]+]], %rd{{[0-9]+}}, %r{{[0-9]+}};
// CHECK: ld.b32 %r{{[0-9]+}}, [%rd{{[0-9]+}}];
// CHECK: barrier.cluster.arrive;
// CHECK-NEXT: barrier.cluster.wait;
[[gpu::kernel, gpu::cluster_dims(2), gpu::launch_contract(1, 128)]]
void pairs(uint32_t *out) {
  [[gpu::shared]] uint32_t tile[128];
  uint32_t t = gpu::thread_idx().x;
  tile[t] = t;
  gpu::cluster::sync();
  uint32_t *peer = gpu::cluster::map(tile, gpu::cluster::block_rank() ^ 1);
  out[gpu::block_idx().x * 128 + t] = peer[t];
  gpu::cluster::sync();
}

// META: kernel _Z5cubesPj cubes
// META-NEXT: cluster 2 2 2
// CHECK-LABEL: .entry _Z5cubesPj(
// CHECK: .reqnctapercluster 2, 2, 2
// CHECK-DAG: %cluster_ctaid.z
// CHECK-DAG: %cluster_nctaid.y
// CHECK-DAG: %clusterid.x
// CHECK-DAG: %nclusterid.x
// CHECK-DAG: %cluster_nctarank
// CHECK: barrier.cluster.arrive.relaxed;
// CHECK: barrier.cluster.wait;
[[gpu::kernel, gpu::cluster_dims(2, 2, 2)]] void cubes(uint32_t *out) {
  out[0] = gpu::cluster::block_index().z + gpu::cluster::dims().y +
           gpu::cluster::index().x + gpu::cluster::grid_dims().x +
           gpu::cluster::num_blocks();
  gpu::cluster::arrive_relaxed();
  gpu::cluster::wait();
}
