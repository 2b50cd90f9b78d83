// alloy-forward-copies: a record copied through a local (`T v = *src;
// *dst = v;`) becomes one copy from the source, when nothing between the two
// copies touches memory.
// RUN: alloy-opt %s --alloy-forward-copies | FileCheck %s

// CHECK-LABEL: func.func @through_local(
// CHECK-SAME: %[[SRC:.*]]: !alloy.ptr, %[[DST:.*]]: !alloy.ptr, %[[I:.*]]: i64)
// CHECK: %[[V:.*]] = alloy.alloca
// CHECK: alloy.memcpy %[[V]], %[[SRC]], 16 align 16
// CHECK: %[[AT:.*]] = alloy.ptr_add %[[DST]][%[[I]]]
// CHECK: alloy.memcpy %[[AT]], %[[SRC]], 16 align 16
func.func @through_local(%src: !alloy.ptr, %dst: !alloy.ptr, %i: i64) {
  %v = alloy.alloca !alloy.record<"float4", 16, 16>, align 16
  alloy.memcpy %v, %src, 16 align 16 : !alloy.ptr, !alloy.ptr
  %at = alloy.ptr_add %dst[%i] elem !alloy.record<"float4", 16, 16> : !alloy.ptr
  alloy.memcpy %at, %v, 16 align 16 : !alloy.ptr, !alloy.ptr
  return
}

// The smaller alignment of the two copies holds for both objects.
// CHECK-LABEL: func.func @alignment(
// CHECK-SAME: %[[SRC:.*]]: !alloy.ptr, %[[DST:.*]]: !alloy.ptr)
// CHECK: alloy.memcpy %[[DST]], %[[SRC]], 16 align 8
func.func @alignment(%src: !alloy.ptr, %dst: !alloy.ptr) {
  %v = alloy.alloca !alloy.record<"float4", 16, 16>, align 16
  alloy.memcpy %v, %src, 16 align 8 : !alloy.ptr, !alloy.ptr
  alloy.memcpy %dst, %v, 16 align 16 : !alloy.ptr, !alloy.ptr
  return
}

// A store between the copies may change the source (or the local): the
// second copy keeps reading the local.
// CHECK-LABEL: func.func @store_between(
// CHECK: %[[V:.*]] = alloy.alloca
// CHECK: alloy.store
// CHECK-NEXT: alloy.memcpy %{{.*}}, %[[V]], 16
func.func @store_between(%src: !alloy.ptr, %dst: !alloy.ptr, %x: f32) {
  %v = alloy.alloca !alloy.record<"float4", 16, 16>, align 16
  alloy.memcpy %v, %src, 16 align 16 : !alloy.ptr, !alloy.ptr
  alloy.store %x, %src align 4 : f32, !alloy.ptr
  alloy.memcpy %dst, %v, 16 align 16 : !alloy.ptr, !alloy.ptr
  return
}

// Copies of different sizes, copies in other blocks and copies from a
// local's member are left alone.
// CHECK-LABEL: func.func @left_alone(
// CHECK: %[[V:.*]] = alloy.alloca
// CHECK: alloy.memcpy %{{.*}}, %[[V]], 8
// CHECK: alloy.memcpy %{{.*}}, %[[V]], 16
// CHECK: %[[M:.*]] = alloy.member_addr %[[V]], 8
// CHECK: alloy.memcpy %{{.*}}, %[[M]], 8
func.func @left_alone(%src: !alloy.ptr, %dst: !alloy.ptr) {
  %v = alloy.alloca !alloy.record<"float4", 16, 16>, align 16
  alloy.memcpy %v, %src, 16 align 16 : !alloy.ptr, !alloy.ptr
  alloy.memcpy %dst, %v, 8 align 16 : !alloy.ptr, !alloy.ptr
  cf.br ^next
^next:
  alloy.memcpy %dst, %v, 16 align 16 : !alloy.ptr, !alloy.ptr
  %m = alloy.member_addr %v, 8 : !alloy.ptr
  alloy.memcpy %v, %src, 16 align 16 : !alloy.ptr, !alloy.ptr
  alloy.memcpy %dst, %m, 8 align 8 : !alloy.ptr, !alloy.ptr
  return
}

// A copy that would not become at most four loads and stores (32 bytes at
// 4) is not forwarded: `std::memcpy` through a local may join overlapping
// ranges, which only the wide lowering (all loads first) copies right.
// CHECK-LABEL: func.func @too_many_accesses(
// CHECK: %[[V:.*]] = alloy.alloca
// CHECK: alloy.memcpy %{{.*}}, %[[V]], 32 align 4
func.func @too_many_accesses(%src: !alloy.ptr, %dst: !alloy.ptr) {
  %v = alloy.alloca !alloy.record<"float[8]", 32, 4>, align 4
  alloy.memcpy %v, %src, 32 align 4 : !alloy.ptr, !alloy.ptr
  alloy.memcpy %dst, %v, 32 align 4 : !alloy.ptr, !alloy.ptr
  return
}

// Nor is a copy whose new source or destination is a local: the lowering
// leaves such a copy llvm.memcpy, which may not join overlapping ranges.
// CHECK-LABEL: func.func @source_is_local(
// CHECK: %[[W:.*]] = alloy.alloca
// CHECK: %[[V:.*]] = alloy.alloca
// CHECK: alloy.memcpy %[[V]], %[[W]], 16 align 16
// CHECK: alloy.memcpy %{{.*}}, %[[V]], 16 align 16
func.func @source_is_local(%dst: !alloy.ptr) {
  %w = alloy.alloca !alloy.record<"float4", 16, 16>, align 16
  %v = alloy.alloca !alloy.record<"float4", 16, 16>, align 16
  alloy.memcpy %v, %w, 16 align 16 : !alloy.ptr, !alloy.ptr
  alloy.memcpy %dst, %v, 16 align 16 : !alloy.ptr, !alloy.ptr
  return
}
