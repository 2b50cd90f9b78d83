// mbarriers, the async-proxy fence, the mbarrier-init fence and elect.sync
// to upstream nvvm ops (LLVM's llvm.nvvm.mbarrier.* intrinsics), then
// through LLVM's NVPTX backend to PTX. Below sm_90 the sm_90 instructions
// are an error at the op; init/arrive/inval exist from sm_80.
// RUN: alloy-opt %s --convert-alloy-to-llvm="sm=90" | FileCheck %s
// RUN: alloy-opt %s --convert-alloy-to-llvm="sm=90" --reconcile-unrealized-casts \
// RUN:   | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 -mattr=+ptx80 | FileCheck %s --check-prefix=PTX
// RUN: not alloy-opt %s --convert-alloy-to-llvm="sm=80" 2>&1 | FileCheck %s --check-prefix=SM80

// CHECK-LABEL: llvm.func @hopper(
// CHECK-SAME: passthrough = {{\[}}["alloy-ptx-isa", "80"]]
// PTX-LABEL: .entry hopper(
alloy.kernel @hopper(%s: !alloy.ptr<shared>, %n: i32, %p: i32) {
  // CHECK: nvvm.mbarrier.init %{{.*}}, %{{.*}} : !llvm.ptr<3>, i32
  // PTX: mbarrier.init.shared.b64
  alloy.mbarrier_init %s, %n : !alloy.ptr<shared>
  // CHECK: nvvm.fence.mbarrier.init
  // PTX: fence.mbarrier_init.release.cluster;
  // SM80: error: 'alloy.fence_mbarrier_init' op (fence.mbarrier_init) needs sm_90 or newer (--gpu-arch=sm_90); the lowest target is sm_80
  alloy.fence_mbarrier_init
  // CHECK: %[[T:.*]] = nvvm.mbarrier.arrive %{{.*}} : !llvm.ptr<3> -> i64
  // PTX: mbarrier.arrive.shared.b64
  %t = alloy.mbarrier_arrive %s : !alloy.ptr<shared> -> i64
  // CHECK: nvvm.mbarrier.arrive.expect_tx %{{.*}}, %{{.*}} : !llvm.ptr<3>, i32 -> i64
  // PTX: mbarrier.arrive.expect_tx.shared.b64
  %t2 = alloy.mbarrier_arrive %s expect_tx %n : !alloy.ptr<shared> -> i64
  // CHECK: nvvm.mbarrier.expect_tx %{{.*}}, %{{.*}} : !llvm.ptr<3>, i32
  // PTX: mbarrier.expect_tx.relaxed.cta.shared.b64
  alloy.mbarrier_expect_tx %s, %n : !alloy.ptr<shared>
  // CHECK: nvvm.mbarrier.try_wait %{{.*}}, %[[T]] : !llvm.ptr<3>, i64 -> i1
  // PTX: mbarrier.try_wait.shared.b64
  %d = alloy.mbarrier_try_wait %s, %t : !alloy.ptr<shared>, i64
  // CHECK: nvvm.mbarrier.try_wait %{{.*}}, %{{.*}} : !llvm.ptr<3>, i32 -> i1
  // PTX: mbarrier.try_wait.parity.shared.b64
  %d2 = alloy.mbarrier_try_wait %s, %p : !alloy.ptr<shared>, i32
  // CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
  // PTX: fence.proxy.async.shared::cta;
  alloy.fence_proxy_async
  // CHECK: nvvm.elect.sync -> i1
  // PTX: elect.sync
  %e = alloy.elect_sync
  // CHECK: nvvm.mbarrier.inval %{{.*}} : !llvm.ptr<3>
  // PTX: mbarrier.inval.shared.b64
  alloy.mbarrier_inval %s : !alloy.ptr<shared>
  alloy.return
}
