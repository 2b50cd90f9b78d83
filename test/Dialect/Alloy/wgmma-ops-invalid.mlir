// wgmma's shapes and types, and the accumulator passing through: the
// verifiers' errors.
// RUN: alloy-opt %s -split-input-file -verify-diagnostics

func.func @wrong_count(%a: i64, %s: i1, %c: f32) {
  // expected-error @+1 {{with n = 8 takes an accumulator of 4 f32, got 1}}
  %d = alloy.wgmma_mma_async n = 8 f16 %a, %a, %s acc[%c] : f32 -> f32
  return
}

// -----
func.func @n_not_multiple_of_8(%a: i64, %s: i1, %c: f32) {
  // expected-error @+1 {{needs n a multiple of 8, got 12}}
  %d:6 = alloy.wgmma_mma_async n = 12 f16 %a, %a, %s acc[%c, %c, %c, %c, %c, %c] : f32, f32, f32, f32, f32, f32 -> f32, f32, f32, f32, f32, f32
  return
}

// -----
func.func @n_too_large(%a: i64, %s: i1, %c: f32) {
  // expected-error @+1 {{attribute 'n' failed to satisfy constraint}}
  %d = alloy.wgmma_mma_async n = 512 f16 %a, %a, %s acc[%c] : f32 -> f32
  return
}

// -----
func.func @integer_type(%a: i64, %s: i1, %c: f32) {
  // expected-error @+1 {{has no form for s8 multiplicands (f16, bf16, tf32, e4m3, e5m2)}}
  %d:4 = alloy.wgmma_mma_async n = 8 s8 %a, %a, %s acc[%c, %c, %c, %c] : f32, f32, f32, f32 -> f32, f32, f32, f32
  return
}

// -----
func.func @pending_release(%c: f32) {
  // expected-error @+1 {{with 1 groups still pending cannot release accumulators}}
  %r = alloy.wgmma_wait 1 acc[%c] : f32 -> f32
  return
}

// -----
func.func @fence_drops(%c: f32) {
  // expected-error @+1 {{results must be the accumulator's values (2 f32), got 1}}
  %r = alloy.wgmma_fence acc[%c, %c] : f32, f32 -> f32
  return
}

// -----
func.func @rega_tf32(%r: i32, %b: i64, %s: i1, %c: f32) {
  // expected-error @+1 {{takes A in registers for f16 and bf16 only, not tf32}}
  %d:4 = alloy.wgmma_mma_async_rega n = 8 tf32 a[%r, %r, %r, %r], %b, %s acc[%c, %c, %c, %c] : f32, f32, f32, f32 -> f32, f32, f32, f32
  return
}

// -----
func.func @trans_b_tf32(%a: i64, %b: i64, %s: i1, %c: f32) {
  // expected-error @+1 {{takes an N-major B (trans_b) for f16 and bf16 only, not tf32}}
  %d:4 = alloy.wgmma_mma_async n = 8 tf32 %a, %b trans_b, %s acc[%c, %c, %c, %c] : f32, f32, f32, f32 -> f32, f32, f32, f32
  return
}
