// The cluster barrier in code that only some threads reach hangs the
// cluster, as a divergent block barrier does: the same warning.
// RUN: %alloy_cc1 -fsyntax-only -Xclang -verify %s -fplugin-arg-alloy-gpu-arch=sm_90
#include <gpu/cluster.hpp>
#include <gpu/gpu.hpp>

[[gpu::kernel, gpu::cluster_dims(2)]] void leader_only(uint32_t *out) {
  if (gpu::thread_idx().x == 0) { // expected-note {{this branch depends on the thread index}}
    gpu::cluster::sync(); // expected-warning {{'the cluster barrier (gpu::cluster::sync, arrive or wait)' synchronizes the block but may be reached by only some of its threads}}
  }
  out[0] = 1;
}

// Every thread arrives and waits: no warning.
[[gpu::kernel, gpu::cluster_dims(2)]] void everyone(uint32_t *out) {
  gpu::cluster::arrive();
  out[gpu::thread_idx().x] = 1;
  gpu::cluster::wait();
}
