// RUN: alloy-opt %s -split-input-file -verify-diagnostics

// expected-error @below {{alignment 3 is not a power of two}}
alloy.shared_memory @tile : f32, align 3

// -----

alloy.kernel @k() {
  // expected-error @below {{'missing' does not name an alloy.shared_memory}}
  %p = alloy.shared_address @missing : !alloy.ptr<shared>
  alloy.return
}

// -----

alloy.shared_memory @tile : f32, align 4
alloy.kernel @k() {
  // expected-error @below {{result must be a !alloy.ptr<shared>}}
  %p = alloy.shared_address @tile : !alloy.ptr<global>
  alloy.return
}
