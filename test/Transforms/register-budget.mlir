// alloy-check-register-budget: setmaxnreg increases that a block's share of
// the 65,536 registers cannot grant. (The C++ case is in
// Sema/setmaxnreg-budget.cpp.)
// RUN: alloy-opt %s --alloy-check-register-budget -verify-diagnostics -o /dev/null

func.func private @consumer() {
  // expected-warning@+1 {{the warpgroups of 'too_many' ask for 66560 registers, more than its blocks have (65536): setmaxnreg.inc would wait forever}}
  alloy.setmaxnreg increase 240
  return
}

// One producer at 40, two consumers at 240: (40 + 2 * 240) * 128 = 66560;
// the increase is in a called function.
alloy.kernel @too_many() attributes {contract_domain = 1 : i32,
                                     contract_block = array<i32: 384, 1, 1>} {
  alloy.setmaxnreg 40
  func.call @consumer() : () -> ()
  alloy.return
}

// At 232: (40 + 2 * 232) * 128 = 64512, which fits.
alloy.kernel @fits() attributes {contract_domain = 1 : i32,
                                 contract_block = array<i32: 384, 1, 1>} {
  alloy.setmaxnreg 40
  alloy.setmaxnreg increase 232
  alloy.return
}

// Launch bounds of 256 threads and two blocks per multiprocessor: 32768
// registers a block; two warpgroups at 136 (no decrease) need 34816.
alloy.kernel @two_blocks() attributes {max_threads = 256 : i32,
                                       min_blocks = 2 : i32} {
  // expected-warning@+1 {{the warpgroups of 'two_blocks' ask for 34816 registers, more than its blocks have (32768)}}
  alloy.setmaxnreg increase 136
  alloy.return
}

// No known block size: nothing to check.
alloy.kernel @unknown() {
  alloy.setmaxnreg increase 256
  alloy.return
}
