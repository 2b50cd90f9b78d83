// alloy.memcpy of a constant size between two objects that are not locals:
// at most four loads and stores as wide as the alignment allows, all loads
// first (16 bytes: one vector<4xi32>, PTX's ld.v4/st.v4). Copies into or out
// of a local stay llvm.memcpy for LLVM's SROA, and so do larger ones.
// RUN: alloy-opt %s --convert-alloy-to-llvm | FileCheck %s
// RUN: alloy-opt %s --alloy-to-llvm | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 | FileCheck %s --check-prefix=PTX

// CHECK-LABEL: llvm.func internal @aligned16(
// CHECK: %[[V:.*]] = llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr -> vector<4xi32>
// CHECK: llvm.store %[[V]], %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr
// CHECK-NOT: memcpy
// PTX-LABEL: aligned16(
// PTX: ld.v4.b32
// PTX: st.v4.b32
func.func @aligned16(%dst: !alloy.ptr, %src: !alloy.ptr) {
  alloy.memcpy %dst, %src, 16 align 16 : !alloy.ptr, !alloy.ptr
  return
}

// 8-byte alignment: two 64-bit accesses, loads first.
// CHECK-LABEL: llvm.func internal @aligned8(
// CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr -> i64
// CHECK: llvm.getelementptr inbounds %{{.*}}[8] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr -> i64
// CHECK: llvm.store %{{.*}} {alignment = 8 : i64} : i64, !llvm.ptr
// CHECK: llvm.store %{{.*}} {alignment = 8 : i64} : i64, !llvm.ptr
func.func @aligned8(%dst: !alloy.ptr, %src: !alloy.ptr) {
  alloy.memcpy %dst, %src, 16 align 8 : !alloy.ptr, !alloy.ptr
  return
}

// Twelve bytes at 4: three 32-bit accesses.
// CHECK-LABEL: llvm.func internal @three_floats(
// CHECK-COUNT-3: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> i32
// CHECK-COUNT-3: llvm.store %{{.*}} {alignment = 4 : i64} : i32, !llvm.ptr<3>
func.func @three_floats(%dst: !alloy.ptr<shared>, %src: !alloy.ptr<global>) {
  alloy.memcpy %dst, %src, 12 align 4 : !alloy.ptr<shared>, !alloy.ptr<global>
  return
}

// More than four accesses, or a local on either side: llvm.memcpy.
// CHECK-LABEL: llvm.func internal @left_to_llvm(
// CHECK: "llvm.intr.memcpy"(%{{.*}}, %{{.*}}, %{{.*}}) <{arg_attrs = [{llvm.align = 16 : i64}, {llvm.align = 16 : i64}, {}]
// CHECK: "llvm.intr.memcpy"(%{{.*}}, %{{.*}}, %{{.*}}) <{arg_attrs = [{llvm.align = 4 : i64}, {llvm.align = 4 : i64}, {}]
// CHECK: "llvm.intr.memcpy"
// CHECK-NOT: llvm.load
func.func @left_to_llvm(%dst: !alloy.ptr, %src: !alloy.ptr) {
  alloy.memcpy %dst, %src, 80 align 16 : !alloy.ptr, !alloy.ptr
  alloy.memcpy %dst, %src, 20 align 4 : !alloy.ptr, !alloy.ptr
  %v = alloy.alloca !alloy.record<"float4", 16, 16>, align 16
  %m = alloy.member_addr %v, 0 : !alloy.ptr
  alloy.memcpy %m, %src, 16 align 16 : !alloy.ptr, !alloy.ptr
  return
}
