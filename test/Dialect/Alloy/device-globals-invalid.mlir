// RUN: alloy-opt %s -split-input-file -verify-diagnostics

// expected-error @below {{must be in the global or the constant space}}
alloy.device_global @g : 4 bytes in shared, align 4

// -----

// expected-error @below {{has 2 bytes of initial value for 4 bytes}}
alloy.device_global @g : 4 bytes in global = "ab", align 4

// -----

// expected-error @below {{alignment 3 is not a power of two}}
alloy.device_global @g : 4 bytes in constant, align 3

// -----

// expected-error @below {{must have a size}}
alloy.device_global @g : 0 bytes in global, align 1

// -----

alloy.kernel @k() {
  // expected-error @below {{'nothing' does not name an alloy.device_global}}
  %p = alloy.global_address @nothing : !alloy.ptr<global>
  alloy.return
}

// -----

alloy.device_global @g : 4 bytes in constant, align 4
alloy.kernel @k() {
  // expected-error @below {{result must be a pointer into the variable's space (constant)}}
  %p = alloy.global_address @g : !alloy.ptr<global>
  alloy.return
}
