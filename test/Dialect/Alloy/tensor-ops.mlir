// The tensor-core, async-copy and asm ops print and parse back.
// RUN: alloy-opt %s | alloy-opt | FileCheck %s

// CHECK-LABEL: func.func @tensor
func.func @tensor(%s: !alloy.ptr<shared>, %g: !alloy.ptr<global>, %w: i32,
                  %f: f32, %n: i32) {
  // CHECK: alloy.mma_sync m16n8k16 f16 a[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] b[%{{.*}}, %{{.*}}] c[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : f32, f32, f32, f32 -> f32, f32, f32, f32
  %d:4 = alloy.mma_sync m16n8k16 f16 a[%w, %w, %w, %w] b[%w, %w]
      c[%f, %f, %f, %f] : f32, f32, f32, f32 -> f32, f32, f32, f32
  // CHECK: alloy.mma_sync m16n8k16 f16 {{.*}} : i32, i32 -> i32, i32
  %e:2 = alloy.mma_sync m16n8k16 f16 a[%w, %w, %w, %w] b[%w, %w] c[%w, %w]
      : i32, i32 -> i32, i32
  // CHECK: alloy.mma_sync m16n8k32 s8 {{.*}} : i32, i32, i32, i32 -> i32, i32, i32, i32
  %i:4 = alloy.mma_sync m16n8k32 s8 a[%w, %w, %w, %w] b[%w, %w]
      c[%w, %w, %w, %w] : i32, i32, i32, i32 -> i32, i32, i32, i32
  // CHECK: alloy.ldmatrix %{{.*}} trans : !alloy.ptr<shared> -> i32, i32
  %r:2 = alloy.ldmatrix %s trans : !alloy.ptr<shared> -> i32, i32
  // CHECK: alloy.stmatrix %{{.*}}, %{{.*}} : !alloy.ptr<shared>, i32
  alloy.stmatrix %s, %w : !alloy.ptr<shared>, i32
  // CHECK: alloy.cp_async %{{.*}}, %{{.*}} {bytes = 16 : i32, cache_global} : !alloy.ptr<shared>, !alloy.ptr<global>
  alloy.cp_async %s, %g {bytes = 16 : i32, cache_global}
      : !alloy.ptr<shared>, !alloy.ptr<global>
  // CHECK: alloy.cp_async %{{.*}}, %{{.*}}, %{{.*}} {bytes = 4 : i32} : !alloy.ptr<shared>, !alloy.ptr<global>
  alloy.cp_async %s, %g, %n {bytes = 4 : i32}
      : !alloy.ptr<shared>, !alloy.ptr<global>
  // CHECK: alloy.cp_async_commit
  alloy.cp_async_commit
  // CHECK: alloy.cp_async_wait 2
  alloy.cp_async_wait 2
  // CHECK: alloy.inline_asm "add.s32 $0, $1, $2;" "=r,r,r" %{{.*}}, %{{.*}} {side_effects} : (i32, i32) -> i32
  %a = alloy.inline_asm "add.s32 $0, $1, $2;" "=r,r,r" %w, %n {side_effects}
      : (i32, i32) -> i32
  return
}
