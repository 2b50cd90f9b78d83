// A multicast TMA load to the nvvm op with its cluster mask (LLVM's
// llvm.nvvm.cp.async.bulk.tensor.g2s.tile.2d with the multicast flag), and
// an arrive on another block's mbarrier to mapa plus a cluster-scope
// arrive on shared::cluster; then through LLVM's NVPTX backend. Below
// sm_90 both are errors at the op.
// RUN: alloy-opt %s --convert-alloy-to-llvm="sm=90" | FileCheck %s
// RUN: alloy-opt %s --convert-alloy-to-llvm="sm=90" --reconcile-unrealized-casts \
// RUN:   | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 -mattr=+ptx80 | FileCheck %s --check-prefix=PTX
// RUN: not alloy-opt %s --convert-alloy-to-llvm="sm=80" 2>&1 | FileCheck %s --check-prefix=SM80

// CHECK-LABEL: llvm.func @multicast(
// PTX-LABEL: .entry multicast(
alloy.kernel @multicast(%map: !alloy.ptr {alloy.grid_constant = array<i64: 128, 64>},
                        %s: !alloy.ptr<shared>, %bar: !alloy.ptr<shared>,
                        %x: i32, %y: i32, %mask: i16, %rank: i32) {
  // CHECK: %[[D:.*]] = llvm.addrspacecast %{{.*}} : !llvm.ptr<3> to !llvm.ptr<7>
  // CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %[[D]], %{{.*}}, %{{.*}}, box[%{{.*}}, %{{.*}}] multicast_mask = %{{.*}} : !llvm.ptr<7>, !llvm.ptr
  // PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster [%rd{{[0-9]+}}], [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}], [%rd{{[0-9]+}}], %rs{{[0-9]+}};
  // SM80: error: 'alloy.tma_load' op (cp.async.bulk.tensor multicast load) needs sm_90 or newer (--gpu-arch=sm_90); the lowest target is sm_80
  alloy.tma_load %s, %map[%x, %y], %bar, mask %mask : !alloy.ptr<shared>, !alloy.ptr, !alloy.ptr<shared>
  // CHECK: %[[R:.*]] = nvvm.mapa %{{.*}}, %{{.*}} : !llvm.ptr<3> -> !llvm.ptr<7>
  // CHECK: nvvm.mbarrier.arrive %[[R]] {scope = #nvvm.mem_scope<cluster>} : !llvm.ptr<7>
  // PTX: mapa.shared::cluster.u{{32|64}}
  // PTX: mbarrier.arrive.release.cluster.shared::cluster.b64 _,
  alloy.mbarrier_arrive_cluster %bar, rank %rank : !alloy.ptr<shared>
  alloy.return
}
