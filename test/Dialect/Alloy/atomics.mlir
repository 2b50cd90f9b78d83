// Atomics and warp operations: the textual form round-trips.
// RUN: alloy-opt %s | alloy-opt | FileCheck %s
// RUN: alloy-opt %s --mlir-print-op-generic | alloy-opt | FileCheck %s

// CHECK-LABEL: func.func @atomics(
// CHECK-SAME: %[[G:.*]]: !alloy.ptr<global>, %[[S:.*]]: !alloy.ptr<shared>, %[[P:.*]]: !alloy.ptr, %[[I:.*]]: i32, %[[L:.*]]: i64, %[[F:.*]]: f32, %[[D:.*]]: f64)
func.func @atomics(%g: !alloy.ptr<global>, %s: !alloy.ptr<shared>,
                   %p: !alloy.ptr, %i: i32, %l: i64, %f: f32, %d: f64) {
  // CHECK: alloy.atomic_rmw add %[[G]], %[[I]] : !alloy.ptr<global>, i32
  %0 = alloy.atomic_rmw add %g, %i : !alloy.ptr<global>, i32
  // CHECK: alloy.atomic_rmw sub %[[S]], %[[L]] : !alloy.ptr<shared>, i64
  %1 = alloy.atomic_rmw sub %s, %l : !alloy.ptr<shared>, i64
  // CHECK: alloy.atomic_rmw smin %[[P]], %[[I]] : !alloy.ptr, i32
  %2 = alloy.atomic_rmw smin %p, %i : !alloy.ptr, i32
  // CHECK: alloy.atomic_rmw smax %[[P]], %[[L]] : !alloy.ptr, i64
  %3 = alloy.atomic_rmw smax %p, %l : !alloy.ptr, i64
  // CHECK: alloy.atomic_rmw umin %[[P]], %[[I]] : !alloy.ptr, i32
  %4 = alloy.atomic_rmw umin %p, %i : !alloy.ptr, i32
  // CHECK: alloy.atomic_rmw umax %[[P]], %[[L]] : !alloy.ptr, i64
  %5 = alloy.atomic_rmw umax %p, %l : !alloy.ptr, i64
  // CHECK: alloy.atomic_rmw and %[[P]], %[[I]] : !alloy.ptr, i32
  %6 = alloy.atomic_rmw and %p, %i : !alloy.ptr, i32
  // CHECK: alloy.atomic_rmw or %[[P]], %[[I]] : !alloy.ptr, i32
  %7 = alloy.atomic_rmw or %p, %i : !alloy.ptr, i32
  // CHECK: alloy.atomic_rmw xor %[[P]], %[[L]] : !alloy.ptr, i64
  %8 = alloy.atomic_rmw xor %p, %l : !alloy.ptr, i64
  // CHECK: alloy.atomic_rmw exch %[[P]], %[[F]] : !alloy.ptr, f32
  %9 = alloy.atomic_rmw exch %p, %f : !alloy.ptr, f32
  // CHECK: alloy.atomic_rmw fadd %[[G]], %[[D]] : !alloy.ptr<global>, f64
  %10 = alloy.atomic_rmw fadd %g, %d : !alloy.ptr<global>, f64
  // CHECK: alloy.atomic_cas %[[P]], %[[I]], %[[I]] : !alloy.ptr, i32
  %11 = alloy.atomic_cas %p, %i, %i : !alloy.ptr, i32
  // CHECK: alloy.atomic_cas %[[G]], %[[L]], %[[L]] : !alloy.ptr<global>, i64
  %12 = alloy.atomic_cas %g, %l, %l : !alloy.ptr<global>, i64
  // CHECK: alloy.atomic_cas %[[S]], %{{.*}}, %{{.*}} : !alloy.ptr<shared>, i16
  %h = arith.trunci %i : i32 to i16
  %13 = alloy.atomic_cas %s, %h, %h : !alloy.ptr<shared>, i16
  return
}

// CHECK-LABEL: func.func @warp(
// CHECK-SAME: %[[I:.*]]: i32, %[[L:.*]]: i64, %[[F:.*]]: f32, %[[D:.*]]: f64, %[[B:.*]]: i1, %[[M:.*]]: i32)
func.func @warp(%i: i32, %l: i64, %f: f32, %d: f64, %b: i1, %m: i32) {
  // CHECK: alloy.shfl idx %[[I]], %[[I]], %[[M]] : i32
  %0 = alloy.shfl idx %i, %i, %m : i32
  // CHECK: alloy.shfl up %[[L]], %[[I]], %[[M]] : i64
  %1 = alloy.shfl up %l, %i, %m : i64
  // CHECK: alloy.shfl down %[[F]], %[[I]], %[[M]] : f32
  %2 = alloy.shfl down %f, %i, %m : f32
  // CHECK: alloy.shfl bfly %[[D]], %[[I]], %[[M]] : f64
  %3 = alloy.shfl bfly %d, %i, %m : f64
  // CHECK: alloy.vote ballot %[[B]], %[[M]] : i32
  %4 = alloy.vote ballot %b, %m : i32
  // CHECK: alloy.vote all %[[B]], %[[M]] : i1
  %5 = alloy.vote all %b, %m : i1
  // CHECK: alloy.vote any %[[B]], %[[M]] : i1
  %6 = alloy.vote any %b, %m : i1
  // CHECK: alloy.redux add %[[I]], %[[M]]
  %7 = alloy.redux add %i, %m
  // CHECK: alloy.redux umin %[[I]], %[[M]]
  %8 = alloy.redux umin %i, %m
  // CHECK: alloy.redux and %[[I]], %[[M]]
  %9 = alloy.redux and %i, %m
  // CHECK: alloy.warp_sync %[[M]]
  alloy.warp_sync %m
  return
}

// Unused warp operations stay: they are convergent and have unknown effects.
// CHECK-LABEL: func.func @kept(
// CHECK: alloy.shfl
// CHECK: alloy.vote
func.func @kept(%i: i32, %b: i1, %m: i32) {
  %0 = alloy.shfl idx %i, %i, %m : i32
  %1 = alloy.vote any %b, %m : i1
  return
}
