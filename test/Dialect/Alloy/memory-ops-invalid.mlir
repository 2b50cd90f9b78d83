// RUN: alloy-opt %s -split-input-file -verify-diagnostics

func.func @store_policy_on_load(%p: !alloy.ptr) {
  // expected-error @+1 {{'wb' is not a load cache policy}}
  %0 = alloy.cached_load wb %p : !alloy.ptr -> i32
  return
}

// -----

func.func @load_policy_on_store(%p: !alloy.ptr, %v: i32) {
  // expected-error @+1 {{'nc' is not a store cache policy}}
  alloy.cached_store nc %v, %p : i32, !alloy.ptr
  return
}

// -----

func.func @shared_cached(%p: !alloy.ptr<shared>) {
  // expected-error @+1 {{needs a generic or global pointer, got '!alloy.ptr<shared>'}}
  %0 = alloy.cached_load cs %p : !alloy.ptr<shared> -> f32
  return
}

// -----

func.func @odd_alignment(%p: !alloy.ptr, %b: i8, %n: i64) {
  // expected-error @+1 {{alignment 3 is not a power of two}}
  alloy.memset %p, %b, %n align 3 : !alloy.ptr
  return
}

// -----

func.func @assume_aligned_not_power_of_two(%p: !alloy.ptr) -> !alloy.ptr {
  // expected-error @+1 {{alignment must be a power of two, not 12}}
  %0 = alloy.assume_aligned %p, 12 : !alloy.ptr
  return %0 : !alloy.ptr
}
