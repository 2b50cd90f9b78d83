// The cluster and setmaxnreg ops print and parse back, and a kernel keeps
// its cluster_dims.
// RUN: alloy-opt %s | alloy-opt | FileCheck %s

// CHECK-LABEL: func.func @cluster
func.func @cluster(%p: !alloy.ptr, %r: i32) -> !alloy.ptr {
  // CHECK: alloy.cluster_reg "rank"
  %rank = alloy.cluster_reg "rank"
  // CHECK: alloy.cluster_reg "count_z"
  %n = alloy.cluster_reg "count_z"
  // CHECK: alloy.cluster_barrier "arrive"
  alloy.cluster_barrier "arrive"
  // CHECK: alloy.cluster_barrier "arrive_relaxed"
  alloy.cluster_barrier "arrive_relaxed"
  // CHECK: alloy.cluster_barrier "wait"
  alloy.cluster_barrier "wait"
  // CHECK: alloy.cluster_map %{{.*}}, %{{.*}} : !alloy.ptr -> !alloy.ptr
  %q = alloy.cluster_map %p, %r : !alloy.ptr -> !alloy.ptr
  // CHECK: alloy.setmaxnreg increase 232
  alloy.setmaxnreg increase 232
  // CHECK: alloy.setmaxnreg 40
  alloy.setmaxnreg 40
  return %q : !alloy.ptr
}

// CHECK: alloy.kernel @k() attributes {cluster_dims = array<i32: 2, 2, 1>}
alloy.kernel @k() attributes {cluster_dims = array<i32: 2, 2, 1>} {
  alloy.return
}
