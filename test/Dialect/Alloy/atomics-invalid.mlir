// RUN: alloy-opt %s -split-input-file -verify-diagnostics

func.func @fadd_int(%p: !alloy.ptr, %v: i32) {
  // expected-error @+1 {{fadd needs a floating-point value, got 'i32'}}
  %0 = alloy.atomic_rmw fadd %p, %v : !alloy.ptr, i32
  return
}

// -----

func.func @add_float(%p: !alloy.ptr, %v: f32) {
  // expected-error @+1 {{add needs i32 or i64, got 'f32'}}
  %0 = alloy.atomic_rmw add %p, %v : !alloy.ptr, f32
  return
}

// -----

func.func @umax_double(%p: !alloy.ptr, %v: f64) {
  // expected-error @+1 {{umax needs i32 or i64, got 'f64'}}
  %0 = alloy.atomic_rmw umax %p, %v : !alloy.ptr, f64
  return
}

// -----

func.func @rmw_i16(%p: !alloy.ptr, %v: i16) {
  // expected-error @+1 {{operand #1 must be 32-bit signless integer or 64-bit signless integer or 32-bit float or 64-bit float}}
  %0 = alloy.atomic_rmw add %p, %v : !alloy.ptr, i16
  return
}

// -----

func.func @rmw_constant(%p: !alloy.ptr<constant>, %v: i32) {
  // expected-error @+1 {{needs a generic, global or shared pointer, got '!alloy.ptr<constant>'}}
  %0 = alloy.atomic_rmw add %p, %v : !alloy.ptr<constant>, i32
  return
}

// -----

func.func @cas_local(%p: !alloy.ptr<local>, %v: i64) {
  // expected-error @+1 {{needs a generic, global or shared pointer, got '!alloy.ptr<local>'}}
  %0 = alloy.atomic_cas %p, %v, %v : !alloy.ptr<local>, i64
  return
}

// -----

func.func @cas_float(%p: !alloy.ptr, %v: f32) {
  // expected-error @+1 {{must be 16-bit signless integer or 32-bit signless integer or 64-bit signless integer}}
  %0 = alloy.atomic_cas %p, %v, %v : !alloy.ptr, f32
  return
}

// -----

func.func @cas_mixed(%p: !alloy.ptr, %a: i32, %b: i64) {
  // expected-error @+1 {{all of {expected, desired, result} have same type}}
  %0 = "alloy.atomic_cas"(%p, %a, %b) : (!alloy.ptr, i32, i64) -> i32
  return
}

// -----

func.func @shfl_i8(%v: i8, %m: i32) {
  // expected-error @+1 {{must be 32-bit signless integer or 64-bit signless integer or 32-bit float or 64-bit float}}
  %0 = alloy.shfl idx %v, %m, %m : i8
  return
}

// -----

func.func @ballot_i1(%b: i1, %m: i32) {
  // expected-error @+1 {{ballot returns 'i32', got 'i1'}}
  %0 = alloy.vote ballot %b, %m : i1
  return
}

// -----

func.func @all_i32(%b: i1, %m: i32) {
  // expected-error @+1 {{all returns 'i1', got 'i32'}}
  %0 = alloy.vote all %b, %m : i32
  return
}

// -----

func.func @bad_kind(%p: !alloy.ptr, %v: i32) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'kind' [add, sub, smin, smax, umin, umax, and, or, xor, exch, fadd]}}
  %0 = alloy.atomic_rmw nand %p, %v : !alloy.ptr, i32
  return
}
