// The warpgroup MMA ops print and parse back.
// RUN: alloy-opt %s | alloy-opt | FileCheck %s

// CHECK-LABEL: func.func @wgmma
func.func @wgmma(%a: i64, %b: i64, %s: i1, %c0: f32, %c1: f32, %c2: f32,
                 %c3: f32) -> f32 {
  // CHECK: alloy.wgmma_fence
  alloy.wgmma_fence
  // CHECK: %[[F:.*]]:4 = alloy.wgmma_fence acc[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : f32, f32, f32, f32 -> f32, f32, f32, f32
  %f:4 = alloy.wgmma_fence acc[%c0, %c1, %c2, %c3] : f32, f32, f32, f32 -> f32, f32, f32, f32
  // CHECK: %[[D:.*]]:4 = alloy.wgmma_mma_async n = 8 f16 %{{.*}}, %{{.*}}, %{{.*}} acc[%[[F]]#0, %[[F]]#1, %[[F]]#2, %[[F]]#3] : f32, f32, f32, f32 -> f32, f32, f32, f32
  %d:4 = alloy.wgmma_mma_async n = 8 f16 %a, %b, %s acc[%f#0, %f#1, %f#2, %f#3] : f32, f32, f32, f32 -> f32, f32, f32, f32
  // CHECK: alloy.wgmma_mma_async n = 8 e4m3
  %e:4 = alloy.wgmma_mma_async n = 8 e4m3 %a, %b, %s acc[%d#0, %d#1, %d#2, %d#3] : f32, f32, f32, f32 -> f32, f32, f32, f32
  // CHECK: alloy.wgmma_commit
  alloy.wgmma_commit
  // CHECK: alloy.wgmma_wait 1{{$}}
  alloy.wgmma_wait 1
  // CHECK: alloy.wgmma_wait 0 acc[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : f32, f32, f32, f32 -> f32, f32, f32, f32
  %w:4 = alloy.wgmma_wait 0 acc[%e#0, %e#1, %e#2, %e#3] : f32, f32, f32, f32 -> f32, f32, f32, f32
  return %w#0 : f32
}

// A in registers.
// CHECK-LABEL: func.func @rega
func.func @rega(%r: i32, %b: i64, %s: i1, %c0: f32, %c1: f32, %c2: f32,
                %c3: f32) -> f32 {
  // CHECK: alloy.wgmma_mma_async_rega n = 8 bf16 a[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}], %{{.*}}, %{{.*}} acc[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : f32, f32, f32, f32 -> f32, f32, f32, f32
  %d:4 = alloy.wgmma_mma_async_rega n = 8 bf16 a[%r, %r, %r, %r], %b, %s acc[%c0, %c1, %c2, %c3] : f32, f32, f32, f32 -> f32, f32, f32, f32
  return %d#0 : f32
}

// B read N-major (the transpose flag), from shared memory and with A in
// registers.
// CHECK-LABEL: func.func @trans_b
func.func @trans_b(%r: i32, %a: i64, %b: i64, %s: i1, %c0: f32, %c1: f32,
                   %c2: f32, %c3: f32) -> f32 {
  // CHECK: alloy.wgmma_mma_async n = 8 f16 %{{.*}}, %{{.*}} trans_b, %{{.*}} acc
  %d:4 = alloy.wgmma_mma_async n = 8 f16 %a, %b trans_b, %s acc[%c0, %c1, %c2, %c3] : f32, f32, f32, f32 -> f32, f32, f32, f32
  // CHECK: alloy.wgmma_mma_async_rega n = 8 bf16 a[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}], %{{.*}} trans_b, %{{.*}} acc
  %e:4 = alloy.wgmma_mma_async_rega n = 8 bf16 a[%r, %r, %r, %r], %b trans_b, %s acc[%d#0, %d#1, %d#2, %d#3] : f32, f32, f32, f32 -> f32, f32, f32, f32
  return %e#0 : f32
}
