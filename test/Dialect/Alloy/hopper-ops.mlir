// The mbarrier, proxy-fence and elect ops print and parse back.
// RUN: alloy-opt %s | alloy-opt | FileCheck %s

// CHECK-LABEL: func.func @hopper
func.func @hopper(%s: !alloy.ptr<shared>, %n: i32, %p: i32) -> i1 {
  // CHECK: alloy.mbarrier_init %{{.*}}, %{{.*}} : !alloy.ptr<shared>
  alloy.mbarrier_init %s, %n : !alloy.ptr<shared>
  // CHECK: alloy.fence_mbarrier_init
  alloy.fence_mbarrier_init
  // CHECK: alloy.mbarrier_arrive_cluster %{{.*}}, rank %{{.*}} : !alloy.ptr<shared>
  alloy.mbarrier_arrive_cluster %s, rank %n : !alloy.ptr<shared>
  // CHECK: %[[T:.*]] = alloy.mbarrier_arrive %{{.*}} : !alloy.ptr<shared> -> i64
  %t = alloy.mbarrier_arrive %s : !alloy.ptr<shared> -> i64
  // CHECK: alloy.mbarrier_arrive %{{.*}} expect_tx %{{.*}} : !alloy.ptr<shared> -> i64
  %t2 = alloy.mbarrier_arrive %s expect_tx %n : !alloy.ptr<shared> -> i64
  // CHECK: alloy.mbarrier_expect_tx %{{.*}}, %{{.*}} : !alloy.ptr<shared>
  alloy.mbarrier_expect_tx %s, %n : !alloy.ptr<shared>
  // CHECK: alloy.mbarrier_try_wait %{{.*}}, %[[T]] : !alloy.ptr<shared>, i64
  %d = alloy.mbarrier_try_wait %s, %t : !alloy.ptr<shared>, i64
  // CHECK: alloy.mbarrier_try_wait %{{.*}}, %{{.*}} : !alloy.ptr<shared>, i32
  %d2 = alloy.mbarrier_try_wait %s, %p : !alloy.ptr<shared>, i32
  // CHECK: alloy.fence_proxy_async
  alloy.fence_proxy_async
  // CHECK: alloy.elect_sync
  %e = alloy.elect_sync
  // CHECK: alloy.mbarrier_inval %{{.*}} : !alloy.ptr<shared>
  alloy.mbarrier_inval %s : !alloy.ptr<shared>
  return %e : i1
}
