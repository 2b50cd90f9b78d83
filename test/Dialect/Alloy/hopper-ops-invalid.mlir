// An mbarrier lives in shared memory: every mbarrier op rejects another
// space.
// RUN: alloy-opt %s -split-input-file -verify-diagnostics

func.func @init_global(%g: !alloy.ptr<global>, %n: i32) {
  // expected-error @+1 {{needs an mbarrier in shared memory (!alloy.ptr<shared>), not '!alloy.ptr<global>'}}
  alloy.mbarrier_init %g, %n : !alloy.ptr<global>
  return
}

// -----

func.func @arrive_generic(%g: !alloy.ptr<generic>) {
  // expected-error @+1 {{needs an mbarrier in shared memory}}
  %t = alloy.mbarrier_arrive %g : !alloy.ptr<generic> -> i64
  return
}

// -----

func.func @expect_tx_local(%l: !alloy.ptr<local>, %n: i32) {
  // expected-error @+1 {{needs an mbarrier in shared memory}}
  alloy.mbarrier_expect_tx %l, %n : !alloy.ptr<local>
  return
}

// -----

func.func @try_wait_global(%g: !alloy.ptr<global>, %t: i64) {
  // expected-error @+1 {{needs an mbarrier in shared memory}}
  %d = alloy.mbarrier_try_wait %g, %t : !alloy.ptr<global>, i64
  return
}

// -----

func.func @try_wait_state_type(%s: !alloy.ptr<shared>, %t: i16) {
  // expected-error @+1 {{operand #1 must be 64-bit signless integer or 32-bit signless integer}}
  %d = alloy.mbarrier_try_wait %s, %t : !alloy.ptr<shared>, i16
  return
}

// -----

func.func @inval_global(%g: !alloy.ptr<global>) {
  // expected-error @+1 {{needs an mbarrier in shared memory}}
  alloy.mbarrier_inval %g : !alloy.ptr<global>
  return
}

// -----

func.func @arrive_cluster_global(%g: !alloy.ptr<global>, %r: i32) {
  // expected-error @+1 {{needs an mbarrier in shared memory}}
  alloy.mbarrier_arrive_cluster %g, rank %r : !alloy.ptr<global>
  return
}
