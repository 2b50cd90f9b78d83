// RUN: alloy-opt %s | alloy-opt | FileCheck %s
// RUN: alloy-opt %s --mlir-print-op-generic | alloy-opt | FileCheck %s

// CHECK-LABEL: alloy.kernel @all_ops(
// CHECK-SAME: %[[A:.*]]: !alloy.ptr<global> {alloy.noalias, alloy.readonly}
// CHECK-SAME: %[[N:.*]]: i64, %[[S:.*]]: !alloy.ptr<shared>, %[[C:.*]]: !alloy.ptr<constant>, %[[L:.*]]: !alloy.ptr<local>
// CHECK-SAME: attributes {contract_block = array<i32: 256, 1, 1>, contract_domain = 1 : i32, max_threads = 256 : i32, min_blocks = 2 : i32, qualified_name = "ns::all_ops"}
alloy.kernel @all_ops(%a: !alloy.ptr<global> {alloy.noalias, alloy.readonly},
                      %n: i64, %s: !alloy.ptr<shared>,
                      %c: !alloy.ptr<constant>, %l: !alloy.ptr<local>)
    attributes {qualified_name = "ns::all_ops", contract_domain = 1 : i32,
                contract_block = array<i32: 256, 1, 1>, max_threads = 256 : i32,
                min_blocks = 2 : i32} {
  // CHECK: %[[P:.*]] = alloy.alloca f32, align 4
  %p = alloy.alloca f32, align 4
  // CHECK: %[[R:.*]] = alloy.alloca !alloy.record<"std::span<const float>", 16, 8>, align 8
  %r = alloy.alloca !alloy.record<"std::span<const float>", 16, 8>, align 8
  // CHECK: alloy.alloca !alloy.ptr<global>, align 8
  %pp = alloy.alloca !alloy.ptr<global>, align 8
  // CHECK: %[[V:.*]] = alloy.load %[[A]] align 4 : !alloy.ptr<global> -> f32
  %v = alloy.load %a align 4 : !alloy.ptr<global> -> f32
  // CHECK: alloy.load volatile %[[P]] align 4 : !alloy.ptr -> f32
  %vv = alloy.load volatile %p align 4 : !alloy.ptr -> f32
  // CHECK: alloy.store %[[V]], %[[P]] align 4 : f32, !alloy.ptr
  alloy.store %v, %p align 4 : f32, !alloy.ptr
  // CHECK: alloy.store volatile %[[V]], %[[P]] align 4 : f32, !alloy.ptr
  alloy.store volatile %v, %p align 4 : f32, !alloy.ptr
  // CHECK: %[[Q:.*]] = alloy.ptr_add %[[A]][%[[N]]] elem f32 : !alloy.ptr<global>
  %q = alloy.ptr_add %a[%n] elem f32 : !alloy.ptr<global>
  // CHECK: alloy.ptr_add %[[R]][%[[N]]] elem !alloy.record<"std::span<const float>", 16, 8> : !alloy.ptr
  %q2 = alloy.ptr_add %r[%n] elem !alloy.record<"std::span<const float>", 16, 8> : !alloy.ptr
  // CHECK: %[[M:.*]] = alloy.member_addr %[[R]], 8 : !alloy.ptr
  %m = alloy.member_addr %r, 8 : !alloy.ptr
  // CHECK: alloy.store %[[N]], %[[M]] align 8 : i64, !alloy.ptr
  alloy.store %n, %m align 8 : i64, !alloy.ptr
  // CHECK: %[[Z:.*]] = alloy.null : !alloy.ptr<global>
  %z = alloy.null : !alloy.ptr<global>
  // CHECK: alloy.store %[[Z]], %{{.*}} align 8 : !alloy.ptr<global>, !alloy.ptr
  alloy.store %z, %pp align 8 : !alloy.ptr<global>, !alloy.ptr
  // CHECK: alloy.load %{{.*}} align 8 : !alloy.ptr -> !alloy.ptr<global>
  %lp = alloy.load %pp align 8 : !alloy.ptr -> !alloy.ptr<global>
  // CHECK: %[[G:.*]] = alloy.addrspace_cast %[[A]] : !alloy.ptr<global> to !alloy.ptr
  %g = alloy.addrspace_cast %a : !alloy.ptr<global> to !alloy.ptr
  // CHECK: alloy.addrspace_cast %[[S]] : !alloy.ptr<shared> to !alloy.ptr
  %gs = alloy.addrspace_cast %s : !alloy.ptr<shared> to !alloy.ptr
  // CHECK: %[[I:.*]] = alloy.ptr_to_int %[[G]] : !alloy.ptr to i64
  %i = alloy.ptr_to_int %g : !alloy.ptr to i64
  // CHECK: alloy.int_to_ptr %[[I]] : i64 to !alloy.ptr<global>
  %ip = alloy.int_to_ptr %i : i64 to !alloy.ptr<global>
  // CHECK: alloy.memcpy %[[R]], %[[G]], 16 align 8 : !alloy.ptr, !alloy.ptr
  alloy.memcpy %r, %g, 16 align 8 : !alloy.ptr, !alloy.ptr
  // CHECK: alloy.thread_id x
  %t = alloy.thread_id x
  // CHECK: alloy.block_id y
  %b = alloy.block_id y
  // CHECK: alloy.block_dim z
  %d = alloy.block_dim z
  // CHECK: alloy.grid_dim x
  %gd = alloy.grid_dim x
  // CHECK: alloy.lane_id
  %ln = alloy.lane_id
  // CHECK: alloy.barrier
  alloy.barrier
  // CHECK: alloy.fence block
  alloy.fence block
  // CHECK: alloy.fence device
  alloy.fence device
  // CHECK: alloy.fence system
  alloy.fence system
  // CHECK: alloy.return
  alloy.return
}

// CHECK-LABEL: alloy.kernel @plain()
// CHECK-NOT: attributes
alloy.kernel @plain() {
  // CHECK: cf.br ^bb1
  cf.br ^bb1
^bb1:
  // CHECK: llvm.unreachable
  llvm.unreachable
}

// CHECK-LABEL: func.func private @device(
// CHECK-SAME: %{{.*}}: !alloy.ptr<global> {alloy.noalias}
func.func private @device(%p: !alloy.ptr<global> {alloy.noalias}) -> f32 {
  %v = alloy.load %p align 4 : !alloy.ptr<global> -> f32
  return %v : f32
}
