// An arrive on another block's mbarrier needs sm_90 (clusters): below it,
// an error at the op naming the target.
// RUN: not alloy-opt %s --convert-alloy-to-llvm="sm=80" 2>&1 | FileCheck %s

// CHECK: error: 'alloy.mbarrier_arrive_cluster' op (mbarrier.arrive.shared::cluster) needs sm_90 or newer (--gpu-arch=sm_90); the lowest target is sm_80
func.func @arrive(%bar: !alloy.ptr<shared>, %rank: i32) {
  alloy.mbarrier_arrive_cluster %bar, rank %rank : !alloy.ptr<shared>
  return
}
