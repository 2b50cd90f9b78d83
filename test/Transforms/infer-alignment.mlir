// alloy-infer-alignment: accesses get the alignment their address
// arithmetic proves, from the base object and the offsets' low zero bits.
// RUN: alloy-opt %s --alloy-infer-alignment | FileCheck %s
// RUN: alloy-opt %s --alloy-infer-alignment | alloy-opt --alloy-infer-alignment | FileCheck %s

alloy.shared_memory @tile : !alloy.record<"float[1024]", 4096, 4>, align 16
alloy.shared_memory @bytes : !alloy.record<"char[64]", 64, 1>, align 1

// A 16-byte aligned shared array at an index that is a multiple of 4 floats:
// 16 bytes; at 4 * i + 2: 8 bytes; at i + 1: only the float's 4.
// CHECK-LABEL: func.func @shared_index(
// CHECK: alloy.load %{{.*}} align 16 : !alloy.ptr<shared> -> f32
// CHECK: alloy.load %{{.*}} align 8 : !alloy.ptr<shared> -> f32
// CHECK: alloy.load %{{.*}} align 4 : !alloy.ptr<shared> -> f32
func.func @shared_index(%i: i32) -> f32 {
  %tile = alloy.shared_address @tile : !alloy.ptr<shared>
  %c4 = arith.constant 4 : i64
  %c2 = arith.constant 2 : i64
  %c1 = arith.constant 1 : i64
  %wide = arith.extui %i : i32 to i64
  %four_i = arith.muli %wide, %c4 : i64
  %p0 = alloy.ptr_add %tile[%four_i] elem f32 : !alloy.ptr<shared>
  %a = alloy.load %p0 align 4 : !alloy.ptr<shared> -> f32
  %plus2 = arith.addi %four_i, %c2 : i64
  %p1 = alloy.ptr_add %tile[%plus2] elem f32 : !alloy.ptr<shared>
  %b = alloy.load %p1 align 4 : !alloy.ptr<shared> -> f32
  %plus1 = arith.addi %wide, %c1 : i64
  %p2 = alloy.ptr_add %tile[%plus1] elem f32 : !alloy.ptr<shared>
  %c = alloy.load %p2 align 4 : !alloy.ptr<shared> -> f32
  %s = arith.addf %a, %b : f32
  %t = arith.addf %s, %c : f32
  return %t : f32
}

// A shift by 2 counts as a multiple of 4; a mask with the low two bits clear
// too. A member at offset 8 of a 16-aligned base is 8-aligned.
// CHECK-LABEL: func.func @shift_mask_member(
// CHECK: alloy.store %{{.*}} align 16 : f32, !alloy.ptr<shared>
// CHECK: alloy.store %{{.*}} align 16 : f32, !alloy.ptr<shared>
// CHECK: alloy.store %{{.*}} align 8 : f32, !alloy.ptr<shared>
func.func @shift_mask_member(%i: i64, %v: f32) {
  %tile = alloy.shared_address @tile : !alloy.ptr<shared>
  %c2 = arith.constant 2 : i64
  %mask = arith.constant -4 : i64
  %shifted = arith.shli %i, %c2 : i64
  %p0 = alloy.ptr_add %tile[%shifted] elem f32 : !alloy.ptr<shared>
  alloy.store %v, %p0 align 4 : f32, !alloy.ptr<shared>
  %masked = arith.andi %i, %mask : i64
  %p1 = alloy.ptr_add %tile[%masked] elem f32 : !alloy.ptr<shared>
  alloy.store %v, %p1 align 4 : f32, !alloy.ptr<shared>
  %p2 = alloy.member_addr %p0, 8 : !alloy.ptr<shared>
  alloy.store %v, %p2 align 4 : f32, !alloy.ptr<shared>
  return
}

// A promise (__builtin_assume_aligned) makes a parameter's pointer aligned;
// a 16-byte copy between two such pointers at a multiple of 16 bytes is
// 16-aligned. With only one side known, the copy keeps its alignment.
// CHECK-LABEL: func.func @assumed(
// CHECK: alloy.memcpy %{{.*}}, %{{.*}}, 16 align 16
// CHECK: alloy.memcpy %{{.*}}, %{{.*}}, 16 align 4
func.func @assumed(%src: !alloy.ptr, %dst: !alloy.ptr, %i: i64) {
  %s = alloy.assume_aligned %src, 16 : !alloy.ptr
  %d = alloy.assume_aligned %dst, 16 : !alloy.ptr
  %from = alloy.ptr_add %s[%i] elem !alloy.record<"P", 16, 4> : !alloy.ptr
  %to = alloy.ptr_add %d[%i] elem !alloy.record<"P", 16, 4> : !alloy.ptr
  alloy.memcpy %to, %from, 16 align 4 : !alloy.ptr, !alloy.ptr
  %other = alloy.ptr_add %dst[%i] elem !alloy.record<"P", 16, 4> : !alloy.ptr
  alloy.memcpy %other, %from, 16 align 4 : !alloy.ptr, !alloy.ptr
  return
}

// Promised with an offset of 4: `p - 4` is 16-aligned, so `p` is only
// known 4-aligned (the offset's own low zero bits).
// CHECK-LABEL: func.func @assumed_offset(
// CHECK: alloy.load %{{.*}} align 4 : !alloy.ptr -> f32
func.func @assumed_offset(%p: !alloy.ptr) -> f32 {
  %c4 = arith.constant 4 : i64
  %q = alloy.assume_aligned %p, 16 offset %c4 : !alloy.ptr
  %v = alloy.load %q align 4 : !alloy.ptr -> f32
  return %v : f32
}

// Unknown: a parameter, an index that is a block argument, a 1-aligned
// array; an alignment already higher than the proof stays.
// CHECK-LABEL: func.func @unknown(
// CHECK: alloy.load %{{.*}} align 4 : !alloy.ptr -> f32
// CHECK: alloy.load %{{.*}} align 4 : !alloy.ptr<shared> -> f32
// CHECK: alloy.load %{{.*}} align 1 : !alloy.ptr<shared> -> i8
// CHECK: alloy.load %{{.*}} align 8 : !alloy.ptr<shared> -> f32
// CHECK-NEXT: arith.addf
func.func @unknown(%p: !alloy.ptr, %i: i64) -> f32 {
  %c4 = arith.constant 4 : i64
  %a = alloy.load %p align 4 : !alloy.ptr -> f32
  %tile = alloy.shared_address @tile : !alloy.ptr<shared>
  cf.br ^next(%i : i64)
^next(%j: i64):
  %at = alloy.ptr_add %tile[%j] elem f32 : !alloy.ptr<shared>
  %b = alloy.load %at align 4 : !alloy.ptr<shared> -> f32
  %bytes = alloy.shared_address @bytes : !alloy.ptr<shared>
  %four = arith.muli %j, %c4 : i64
  %byte = alloy.ptr_add %bytes[%four] elem i8 : !alloy.ptr<shared>
  %c = alloy.load %byte align 1 : !alloy.ptr<shared> -> i8
  %d = alloy.load %bytes align 8 : !alloy.ptr<shared> -> f32
  %s = arith.addf %a, %b : f32
  %t = arith.addf %s, %d : f32
  return %t : f32
}

// A local's alignment, and dynamic shared memory's 16.
// CHECK-LABEL: func.func @local_and_dynamic(
// CHECK: alloy.store %{{.*}} align 16 : f32, !alloy.ptr
// CHECK: alloy.store %{{.*}} align 16 : f32, !alloy.ptr<shared>
func.func @local_and_dynamic(%v: f32) {
  %slot = alloy.alloca !alloy.record<"float4", 16, 16>, align 16
  alloy.store %v, %slot align 4 : f32, !alloy.ptr
  %dyn = alloy.dynamic_shared_base : !alloy.ptr<shared>
  alloy.store %v, %dyn align 4 : f32, !alloy.ptr<shared>
  return
}
