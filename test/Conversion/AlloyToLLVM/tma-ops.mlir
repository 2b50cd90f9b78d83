// TMA ops to upstream nvvm ops (LLVM's llvm.nvvm.cp.async.bulk.tensor.*,
// cp.async.bulk.commit/wait_group and prefetch.tensormap intrinsics), then
// through LLVM's NVPTX backend: a grid-constant argument stays in
// param space and the copies use its generic address, without a local
// copy. Below sm_90 a TMA op is an error at the op.
// RUN: alloy-opt %s --convert-alloy-to-llvm="sm=90" | FileCheck %s
// RUN: alloy-opt %s --convert-alloy-to-llvm="sm=90" --reconcile-unrealized-casts \
// RUN:   | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 -mattr=+ptx80 | FileCheck %s --check-prefix=PTX
// RUN: not alloy-opt %s --convert-alloy-to-llvm="sm=80" 2>&1 | FileCheck %s --check-prefix=SM80

// CHECK-LABEL: llvm.func @tma(
// CHECK-SAME: %{{.*}}: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}
// CHECK-SAME: passthrough = {{\[}}["alloy-ptx-isa", "80"]]
// PTX-LABEL: .entry tma(
// PTX: .param .align 64 .b8 tma_param_0[128]
// PTX-NOT: .local
// PTX: cvta.param.u64 [[MAP:%rd[0-9]+]],
alloy.kernel @tma(%map: !alloy.ptr {alloy.grid_constant = array<i64: 128, 64>},
                  %s: !alloy.ptr<shared>, %bar: !alloy.ptr<shared>, %x: i32,
                  %y: i32) {
  // CHECK: nvvm.prefetch tensormap, %{{.*}} : !llvm.ptr
  // PTX: prefetch{{(.param)?}}.tensormap
  // SM80: error: 'alloy.tma_prefetch' op (prefetch.tensormap) needs sm_90 or newer (--gpu-arch=sm_90); the lowest target is sm_80
  alloy.tma_prefetch %map : !alloy.ptr
  // CHECK: %[[D:.*]] = llvm.addrspacecast %{{.*}} : !llvm.ptr<3> to !llvm.ptr<7>
  // CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %[[D]], %{{.*}}, %{{.*}}, box[%{{.*}}, %{{.*}}] : !llvm.ptr<7>, !llvm.ptr
  // PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%rd{{[0-9]+}}], [[[MAP]], {%r{{[0-9]+}}, %r{{[0-9]+}}}], [%rd{{[0-9]+}}];
  alloy.tma_load %s, %map[%x, %y], %bar : !alloy.ptr<shared>, !alloy.ptr, !alloy.ptr<shared>
  // CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta %{{.*}}, %{{.*}}, box[%{{.*}}, %{{.*}}, %{{.*}}] : !llvm.ptr, {{(!llvm.ptr)?}}<3>
  // PTX: cp.async.bulk.tensor.3d.global.shared::cta.tile.bulk_group [[[MAP]], {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}], [%rd{{[0-9]+}}];
  alloy.tma_store %map[%x, %y, %x], %s : !alloy.ptr, !alloy.ptr<shared>
  // CHECK: nvvm.cp.async.bulk.commit.group
  // PTX: cp.async.bulk.commit_group;
  alloy.tma_store_commit
  // CHECK: nvvm.cp.async.bulk.wait_group 1 {read}
  // PTX: cp.async.bulk.wait_group.read 1;
  alloy.tma_store_wait 1 read
  // CHECK: nvvm.cp.async.bulk.wait_group 0
  // CHECK-NOT: read
  // PTX: cp.async.bulk.wait_group 0;
  alloy.tma_store_wait 0
  alloy.return
}
