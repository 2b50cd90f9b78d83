// The TMA ops print and parse back, and a kernel argument marked
// alloy.grid_constant (a gpu::tensor_map parameter) verifies.
// RUN: alloy-opt %s | alloy-opt | FileCheck %s

// CHECK-LABEL: alloy.kernel @tma
// CHECK-SAME: %{{.*}}: !alloy.ptr {alloy.grid_constant = array<i64: 128, 64>}
alloy.kernel @tma(%map: !alloy.ptr {alloy.grid_constant = array<i64: 128, 64>},
                  %s: !alloy.ptr<shared>, %bar: !alloy.ptr<shared>, %x: i32,
                  %y: i32) {
  // CHECK: alloy.tma_prefetch %{{.*}} : !alloy.ptr
  alloy.tma_prefetch %map : !alloy.ptr
  // CHECK: alloy.tma_load %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}, mask %{{.*}} : !alloy.ptr<shared>, !alloy.ptr, !alloy.ptr<shared>
  %m = arith.constant 3 : i16
  alloy.tma_load %s, %map[%x, %y], %bar, mask %m : !alloy.ptr<shared>, !alloy.ptr, !alloy.ptr<shared>
  // CHECK: alloy.tma_load %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : !alloy.ptr<shared>, !alloy.ptr, !alloy.ptr<shared>
  alloy.tma_load %s, %map[%x, %y], %bar : !alloy.ptr<shared>, !alloy.ptr, !alloy.ptr<shared>
  // CHECK: alloy.tma_load %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}], %{{.*}}
  alloy.tma_load %s, %map[%x, %y, %x, %y, %x], %bar : !alloy.ptr<shared>, !alloy.ptr, !alloy.ptr<shared>
  // CHECK: alloy.tma_store %{{.*}}[%{{.*}}], %{{.*}} : !alloy.ptr, !alloy.ptr<shared>
  alloy.tma_store %map[%x], %s : !alloy.ptr, !alloy.ptr<shared>
  // CHECK: alloy.tma_store_commit
  alloy.tma_store_commit
  // CHECK: alloy.tma_store_wait 0 read
  alloy.tma_store_wait 0 read
  // CHECK: alloy.tma_store_wait 3{{$}}
  alloy.tma_store_wait 3
  alloy.return
}
