// The cluster and setmaxnreg ops' verifiers.
// RUN: alloy-opt %s -split-input-file -verify-diagnostics

func.func @unknown_register() {
  // expected-error @+1 {{unknown cluster register 'lane'}}
  %r = alloy.cluster_reg "lane"
  return
}

// -----
func.func @unknown_barrier() {
  // expected-error @+1 {{kind must be arrive, arrive_relaxed or wait, not 'sync'}}
  alloy.cluster_barrier "sync"
  return
}

// -----
func.func @map_shared(%p: !alloy.ptr<shared>, %r: i32) {
  // expected-error @+1 {{maps a generic address to a generic address}}
  %q = alloy.cluster_map %p, %r : !alloy.ptr<shared> -> !alloy.ptr
  return
}

// -----
func.func @setmaxnreg_count() {
  // expected-error @+1 {{count must be 24 to 256 and a multiple of 8, not 100}}
  alloy.setmaxnreg increase 100
  return
}

// -----
// expected-error @+1 {{a cluster has at most 8 blocks, got 9}}
alloy.kernel @too_big() attributes {cluster_dims = array<i32: 3, 3, 1>} {
  alloy.return
}
