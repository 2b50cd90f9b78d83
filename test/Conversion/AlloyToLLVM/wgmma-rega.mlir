// wgmma with A in registers to PTX inline asm for sm_90a: A's four
// registers ("r") in braces in place of its descriptor, B's descriptor,
// the scale predicate, one transpose flag (B's); the accumulator tied; the
// asm names its location with the alloy-wgmma-rega marker, which tells
// alloy-check-wgmma that only operand 4 is a descriptor.
// RUN: alloy-opt %s --convert-alloy-to-llvm="sm=90 arch-specific=1" | FileCheck %s

// CHECK-LABEL: llvm.func {{.*}}@rega(
func.func @rega(%r: i32, %b: i64, %s: i1, %c0: f32, %c1: f32, %c2: f32,
                %c3: f32) -> f32 {
  // CHECK: wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {$0, $1, $2, $3}, {$4, $5, $6, $7}, $8, p, 1, 1, 0;
  // CHECK-SAME: // alloy-wgmma-rega
  // CHECK-SAME: "=f,=f,=f,=f,r,r,r,r,l,r,0,1,2,3,~{memory}"
  %d:4 = alloy.wgmma_mma_async_rega n = 8 f16 a[%r, %r, %r, %r], %b, %s acc[%c0, %c1, %c2, %c3] : f32, f32, f32, f32 -> f32, f32, f32, f32
  return %d#0 : f32
}

// trans_b: B N-major, the flag is 1.
// CHECK-LABEL: llvm.func {{.*}}@rega_trans_b(
func.func @rega_trans_b(%r: i32, %b: i64, %s: i1, %c0: f32, %c1: f32,
                        %c2: f32, %c3: f32) -> f32 {
  // CHECK: wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {$0, $1, $2, $3}, {$4, $5, $6, $7}, $8, p, 1, 1, 1;
  %d:4 = alloy.wgmma_mma_async_rega n = 8 bf16 a[%r, %r, %r, %r], %b trans_b, %s acc[%c0, %c1, %c2, %c3] : f32, f32, f32, f32 -> f32, f32, f32, f32
  return %d#0 : f32
}
