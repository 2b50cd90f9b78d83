// MLIR's mem2reg on Alloy's stack slots: a scalar local that only plain
// loads and stores of its own type use becomes SSA values (block arguments
// where control flow joins); everything else stays in memory.
// RUN: alloy-opt %s --mem2reg | FileCheck %s

// A loop counter and an accumulator: both become block arguments of the
// loop header, and no slot is left.
// CHECK-LABEL: func.func @sum
// CHECK-NOT: alloy.alloca
// CHECK: cf.br ^[[HEAD:.*]](%{{.*}}, %{{.*}} : i32, f32)
// CHECK: ^[[HEAD]](%[[I:.*]]: i32, %[[ACC:.*]]: f32):
// CHECK: arith.cmpi slt, %[[I]]
// CHECK: %[[V:.*]] = alloy.load %{{.*}} align 4 : !alloy.ptr -> f32
// CHECK: arith.addf %[[ACC]], %[[V]] : f32
// CHECK: return %[[ACC]] : f32
func.func @sum(%a: !alloy.ptr, %n: i32) -> f32 {
  %i = alloy.alloca i32, align 4
  %acc = alloy.alloca f32, align 4
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  alloy.store %c0, %i align 4 : i32, !alloy.ptr
  alloy.store %zero, %acc align 4 : f32, !alloy.ptr
  cf.br ^head
^head:
  %iv = alloy.load %i align 4 : !alloy.ptr -> i32
  %more = arith.cmpi slt, %iv, %n : i32
  cf.cond_br %more, ^body, ^exit
^body:
  %wide = arith.extsi %iv : i32 to i64
  %p = alloy.ptr_add %a[%wide] elem f32 : !alloy.ptr
  %v = alloy.load %p align 4 : !alloy.ptr -> f32
  %old = alloy.load %acc align 4 : !alloy.ptr -> f32
  %new = arith.addf %old, %v : f32
  alloy.store %new, %acc align 4 : f32, !alloy.ptr
  %next = arith.addi %iv, %c1 : i32
  alloy.store %next, %i align 4 : i32, !alloy.ptr
  cf.br ^head
^exit:
  %r = alloy.load %acc align 4 : !alloy.ptr -> f32
  return %r : f32
}

// A read before any write reads an indeterminate value: ub.poison.
// CHECK-LABEL: func.func @uninitialized
// CHECK-NOT: alloy.alloca
// CHECK: %[[P:.*]] = ub.poison : i64
// CHECK: return %[[P]] : i64
func.func @uninitialized() -> i64 {
  %s = alloy.alloca i64, align 8
  %v = alloy.load %s align 8 : !alloy.ptr -> i64
  return %v : i64
}

// Stay in memory: a volatile local, one read as another type, one whose
// address a call receives, one whose address is stored, and a record.
// CHECK-LABEL: func.func @kept
// CHECK-COUNT-5: alloy.alloca
// CHECK: alloy.load volatile
func.func private @take(!alloy.ptr)
func.func @kept(%out: !alloy.ptr, %f: f32) -> f32 {
  %vol = alloy.alloca f32, align 4
  %pun = alloy.alloca f32, align 4
  %esc = alloy.alloca f32, align 4
  %addr = alloy.alloca f32, align 4
  %rec = alloy.alloca !alloy.record<"pair", 8, 4>, align 4
  alloy.store volatile %f, %vol align 4 : f32, !alloy.ptr
  %a = alloy.load volatile %vol align 4 : !alloy.ptr -> f32
  alloy.store %f, %pun align 4 : f32, !alloy.ptr
  %bits = alloy.load %pun align 4 : !alloy.ptr -> i32
  alloy.store %f, %esc align 4 : f32, !alloy.ptr
  func.call @take(%esc) : (!alloy.ptr) -> ()
  alloy.store %addr, %out align 8 : !alloy.ptr, !alloy.ptr
  alloy.store %f, %rec align 4 : f32, !alloy.ptr
  %b = alloy.load %rec align 4 : !alloy.ptr -> f32
  %c = arith.addf %a, %b : f32
  return %c : f32
}

// A pointer-typed local promotes too.
// CHECK-LABEL: func.func @pointer
// CHECK-NOT: alloy.alloca
// CHECK: return %arg0 : !alloy.ptr
func.func @pointer(%p: !alloy.ptr) -> !alloy.ptr {
  %s = alloy.alloca !alloy.ptr, align 8
  alloy.store %p, %s align 8 : !alloy.ptr, !alloy.ptr
  %v = alloy.load %s align 8 : !alloy.ptr -> !alloy.ptr
  return %v : !alloy.ptr
}
