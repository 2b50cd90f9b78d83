// RUN: alloy-opt %s -split-input-file -verify-diagnostics

// expected-error @below {{alignment 6 is not a power of two}}
alloy.global_constant @c = "ab", align 6

// -----

alloy.kernel @k() {
  // expected-error @below {{'nothing' does not name an alloy.global_constant}}
  %p = alloy.constant_address @nothing : !alloy.ptr<constant>
  alloy.return
}

// -----

alloy.global_constant @c = "ab", align 1
alloy.kernel @k() {
  // expected-error @below {{result must be a !alloy.ptr<constant>}}
  %p = alloy.constant_address @c : !alloy.ptr<shared>
  alloy.return
}
