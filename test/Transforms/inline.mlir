// alloy-inline: MLIR's inliner with Alloy's policy. Loop-free callees and
// [[gnu::always_inline]] ones are inlined; callees with a loop, no_inline
// callees and no_inline calls, and recursion stay calls.
// RUN: alloy-opt %s --alloy-inline | FileCheck %s

// A helper that writes through its pointer argument, as `mma(acc, a, b)`
// does: inlined, the kernel stores to its own slot.
func.func private @add_to(%acc: !alloy.ptr, %v: f32) {
  %old = alloy.load %acc align 4 : !alloy.ptr -> f32
  %new = arith.addf %old, %v : f32
  alloy.store %new, %acc align 4 : f32, !alloy.ptr
  return
}

// Branches but no loop: inlined.
func.func private @clamp(%x: i32, %hi: i32) -> i32 {
  %lt = arith.cmpi slt, %x, %hi : i32
  cf.cond_br %lt, ^keep, ^cut
^keep:
  return %x : i32
^cut:
  return %hi : i32
}

// A loop: LLVM takes it after simplifying it, so it stays a call.
func.func private @count(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^head(%c0 : i32)
^head(%i: i32):
  %more = arith.cmpi slt, %i, %n : i32
  cf.cond_br %more, ^body, ^exit
^body:
  %next = arith.addi %i, %c1 : i32
  cf.br ^head(%next : i32)
^exit:
  return %i : i32
}

// A loop, but always_inline: inlined, as LLVM's always-inliner would.
func.func private @count_always(%n: i32) -> i32 attributes {llvm.always_inline} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^head(%c0 : i32)
^head(%i: i32):
  %more = arith.cmpi slt, %i, %n : i32
  cf.cond_br %more, ^body, ^exit
^body:
  %next = arith.addi %i, %c1 : i32
  cf.br ^head(%next : i32)
^exit:
  return %i : i32
}

// [[gnu::noinline]]: stays a call although it has no loop.
func.func private @kept(%x: i32) -> i32 attributes {no_inline} {
  return %x : i32
}

// Recursion: stays a call.
func.func private @fact(%n: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %small = arith.cmpi sle, %n, %c1 : i32
  cf.cond_br %small, ^base, ^step
^base:
  return %c1 : i32
^step:
  %m = arith.subi %n, %c1 : i32
  %r = func.call @fact(%m) : (i32) -> i32
  %p = arith.muli %n, %r : i32
  return %p : i32
}

// A helper with a slot of its own, called in a loop: the slot moves to the
// caller's entry block.
func.func private @square(%x: f32) -> f32 {
  %t = alloy.alloca f32, align 4
  %y = arith.mulf %x, %x : f32
  alloy.store %y, %t align 4 : f32, !alloy.ptr
  %r = alloy.load %t align 4 : !alloy.ptr -> f32
  return %r : f32
}

// CHECK-LABEL: alloy.kernel @in_loop
// CHECK-NEXT: alloy.alloca f32, align 4
// CHECK-NEXT: arith.constant
// CHECK: ^{{.*}}(%{{.*}}: i32, %{{.*}}: f32):
// CHECK-NOT: alloy.alloca
// CHECK-NOT: call @square
// CHECK: alloy.return
alloy.kernel @in_loop(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %one = arith.constant 1.0 : f32
  cf.br ^head(%c0, %one : i32, f32)
^head(%i: i32, %v: f32):
  %more = arith.cmpi slt, %i, %n : i32
  cf.cond_br %more, ^body, ^exit
^body:
  %sq = func.call @square(%v) : (f32) -> f32
  %next = arith.addi %i, %c1 : i32
  cf.br ^head(%next, %sq : i32, f32)
^exit:
  alloy.return
}

// CHECK-LABEL: alloy.kernel @k
// CHECK-NOT: call @add_to
// CHECK-NOT: call @clamp
// CHECK: %[[SLOT:.*]] = alloy.alloca f32, align 4
// CHECK: alloy.load %[[SLOT]] align 4
// CHECK: arith.addf
// CHECK: alloy.store %{{.*}}, %[[SLOT]] align 4
// CHECK: arith.cmpi slt
// CHECK: call @count(
// CHECK-NOT: call @count_always
// CHECK: call @kept(
// CHECK: call @fact(
// CHECK: call @clamp(%{{.*}}) {no_inline}
// CHECK: alloy.return
alloy.kernel @k(%out: !alloy.ptr<global>, %n: i32) {
  %acc = alloy.alloca f32, align 4
  %one = arith.constant 1.0 : f32
  func.call @add_to(%acc, %one) : (!alloy.ptr, f32) -> ()
  %c8 = arith.constant 8 : i32
  %a = func.call @clamp(%n, %c8) : (i32, i32) -> i32
  %b = func.call @count(%a) : (i32) -> i32
  %c = func.call @count_always(%b) : (i32) -> i32
  %d = func.call @kept(%c) : (i32) -> i32
  %e = func.call @fact(%d) : (i32) -> i32
  %f = func.call @clamp(%e, %c8) {no_inline} : (i32, i32) -> i32
  alloy.return
}
