// RUN: alloy-opt %s -split-input-file -verify-diagnostics

func.func @mma_no_form(%w: i32, %f: f32) {
  // expected-error @+1 {{has no m16n8k8 form for f16 operands}}
  %d:4 = alloy.mma_sync m16n8k8 f16 a[%w, %w, %w, %w] b[%w, %w]
      c[%f, %f, %f, %f] : f32, f32, f32, f32 -> f32, f32, f32, f32
  return
}

// -----

func.func @mma_registers(%w: i32, %f: f32) {
  // expected-error @+1 {{takes 4 A and 2 B registers, got 2 and 2}}
  %d:4 = alloy.mma_sync m16n8k16 bf16 a[%w, %w] b[%w, %w]
      c[%f, %f, %f, %f] : f32, f32, f32, f32 -> f32, f32, f32, f32
  return
}

// -----

func.func @mma_bf16_half_accumulator(%w: i32) {
  // expected-error @+1 {{needs an accumulator of 4 f32 values}}
  %d:2 = alloy.mma_sync m16n8k16 bf16 a[%w, %w, %w, %w] b[%w, %w] c[%w, %w]
      : i32, i32 -> i32, i32
  return
}

// -----

func.func @mma_int_float_accumulator(%w: i32, %f: f32) {
  // expected-error @+1 {{needs an accumulator of 4 i32 values}}
  %d:4 = alloy.mma_sync m16n8k32 u8 a[%w, %w, %w, %w] b[%w, %w]
      c[%f, %f, %f, %f] : f32, f32, f32, f32 -> f32, f32, f32, f32
  return
}

// -----

func.func @mma_results(%w: i32, %f: f32) {
  // expected-error @+1 {{results must have the accumulator's types}}
  %d:4 = alloy.mma_sync m16n8k16 f16 a[%w, %w, %w, %w] b[%w, %w]
      c[%f, %f, %f, %f] : f32, f32, f32, f32 -> i32, i32, i32, i32
  return
}

// -----

func.func @ldmatrix_global(%p: !alloy.ptr<global>) {
  // expected-error @+1 {{needs a shared-memory address, got '!alloy.ptr<global>'}}
  %r = alloy.ldmatrix %p : !alloy.ptr<global> -> i32
  return
}

// -----

func.func @ldmatrix_three(%p: !alloy.ptr<shared>) {
  // expected-error @+1 {{moves 1, 2 or 4 matrices, got 3}}
  %r:3 = alloy.ldmatrix %p : !alloy.ptr<shared> -> i32, i32, i32
  return
}

// -----

func.func @cp_async_to_global(%g: !alloy.ptr<global>) {
  // expected-error @+1 {{copies into shared memory, not '!alloy.ptr<global>'}}
  alloy.cp_async %g, %g {bytes = 16 : i32} : !alloy.ptr<global>, !alloy.ptr<global>
  return
}

// -----

func.func @cp_async_from_generic(%s: !alloy.ptr<shared>, %p: !alloy.ptr) {
  // expected-error @+1 {{copies from global memory, not '!alloy.ptr'}}
  alloy.cp_async %s, %p {bytes = 16 : i32} : !alloy.ptr<shared>, !alloy.ptr
  return
}

// -----

func.func @cp_async_size(%s: !alloy.ptr<shared>, %g: !alloy.ptr<global>) {
  // expected-error @+1 {{copies 4, 8 or 16 bytes, not 12}}
  alloy.cp_async %s, %g {bytes = 12 : i32} : !alloy.ptr<shared>, !alloy.ptr<global>
  return
}

// -----

func.func @cp_async_cg_small(%s: !alloy.ptr<shared>, %g: !alloy.ptr<global>) {
  // expected-error @+1 {{cache_global (cp.async.cg) copies 16 bytes}}
  alloy.cp_async %s, %g {bytes = 8 : i32, cache_global} : !alloy.ptr<shared>, !alloy.ptr<global>
  return
}

// -----

func.func @cp_async_wait_range() {
  // expected-error @+1 {{attribute 'pending' failed to satisfy constraint}}
  alloy.cp_async_wait 8
  return
}

// -----

func.func @atomic_max_pair(%p: !alloy.ptr<global>, %v: vector<2xf16>) {
  // expected-error @+1 {{smax of 'vector<2xf16>': halves and pairs of halves only add}}
  %0 = alloy.atomic_rmw smax %p, %v : !alloy.ptr<global>, vector<2xf16>
  return
}
