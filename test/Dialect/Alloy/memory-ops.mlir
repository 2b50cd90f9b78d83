// Byte-range and cached-access operations: the textual form
// round-trips.
// RUN: alloy-opt %s | alloy-opt | FileCheck %s
// RUN: alloy-opt %s --mlir-print-op-generic | alloy-opt | FileCheck %s

// CHECK-LABEL: func.func @memory(
// CHECK-SAME: %[[P:.*]]: !alloy.ptr, %[[G:.*]]: !alloy.ptr<global>, %[[N:.*]]: i64, %[[B:.*]]: i8, %[[I:.*]]: i32, %[[W:.*]]: i128, %[[C:.*]]: i1)
func.func @memory(%p: !alloy.ptr, %g: !alloy.ptr<global>, %n: i64, %b: i8,
                  %i: i32, %w: i128, %c: i1) {
  // CHECK: alloy.memset %[[P]], %[[B]], %[[N]] align 4 : !alloy.ptr
  alloy.memset %p, %b, %n align 4 : !alloy.ptr
  // CHECK: alloy.memmove %[[P]], %[[G]], %[[N]] align 1 : !alloy.ptr, !alloy.ptr<global>
  alloy.memmove %p, %g, %n align 1 : !alloy.ptr, !alloy.ptr<global>
  // CHECK: alloy.cached_load cs %[[P]] : !alloy.ptr -> f32
  %0 = alloy.cached_load cs %p : !alloy.ptr -> f32
  // CHECK: alloy.cached_load nc %[[G]] : !alloy.ptr<global> -> i128
  %1 = alloy.cached_load nc %g : !alloy.ptr<global> -> i128
  // CHECK: alloy.cached_store cs %[[I]], %[[P]] : i32, !alloy.ptr
  alloy.cached_store cs %i, %p : i32, !alloy.ptr
  // CHECK: alloy.cached_store wt %[[W]], %[[G]] : i128, !alloy.ptr<global>
  alloy.cached_store wt %w, %g : i128, !alloy.ptr<global>
  return
}

// CHECK-LABEL: func.func @assume_aligned(
// CHECK-SAME: %[[P:.*]]: !alloy.ptr, %[[G:.*]]: !alloy.ptr<global>, %[[O:.*]]: i64)
// CHECK: alloy.assume_aligned %[[P]], 16 : !alloy.ptr
// CHECK: alloy.assume_aligned %[[G]], 64 offset %[[O]] : !alloy.ptr<global>
func.func @assume_aligned(%p: !alloy.ptr, %g: !alloy.ptr<global>, %o: i64)
    -> (!alloy.ptr, !alloy.ptr<global>) {
  %0 = alloy.assume_aligned %p, 16 : !alloy.ptr
  %1 = alloy.assume_aligned %g, 64 offset %o : !alloy.ptr<global>
  return %0, %1 : !alloy.ptr, !alloy.ptr<global>
}
