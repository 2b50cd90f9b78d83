// A warp-specialized kernel whose consumers ask for more registers than the
// block has hangs in setmaxnreg.inc: a warning at the increase, with the
// arithmetic in a note. The same kernel at 232 fits and is quiet.
// RUN: %alloy_cc1 -fsyntax-only -Xclang -verify %s -fplugin-arg-alloy-gpu-arch=sm_90a
#include <gpu/cluster.hpp>
#include <gpu/gpu.hpp>
#include <gpu/wgmma.hpp>

template <int Consumer>
[[gpu::kernel, gpu::launch_bounds(384, 1), gpu::launch_contract(1, 384)]]
void specialized(int *out) {
  if (gpu::wgmma::warpgroup_index() == 0) {
    gpu::warpgroup::release_registers<40>();
    return;
  }
  // expected-warning@+2 {{the warpgroups of 'specialized<240>' ask for 66560 registers, more than its blocks have (65536): setmaxnreg.inc would wait forever}}
  // expected-note@+1 {{3 warpgroups: one at 40 registers per thread and the others at 240}}
  gpu::warpgroup::acquire_registers<Consumer>();
  out[gpu::thread_idx().x] = 1;
}

template void specialized<240>(int *);
template void specialized<232>(int *);
