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

// Only the first block of each cluster waits: the others never arrive.
[[gpu::kernel, gpu::cluster_dims(2)]] void first_block_only(uint32_t *out) {
  if (gpu::cluster::block_rank() == 0) { // expected-note {{this branch depends on the block index}}
    gpu::cluster::sync(); // expected-warning {{'the cluster barrier (gpu::cluster::sync, arrive or wait)' synchronizes the cluster but may be reached by only some of its blocks: a branch on the block index decides whether it runs}}
  }
  out[0] = 1;
}

// A branch on the block index around a block barrier is fine: every
// thread of the block takes the same side.
[[gpu::kernel, gpu::cluster_dims(2)]] void block_barrier_by_block(uint32_t *out) {
  [[gpu::shared]] uint32_t x;
  if (gpu::block_idx().x % 2 == 0) {
    x = 1;
    gpu::sync_threads();
  }
  gpu::cluster::sync();
  out[gpu::block_idx().x] = x;
}

// Blocks that leave early take no part in later cluster barriers.
[[gpu::kernel, gpu::cluster_dims(2)]] void early_exit(uint32_t *out, uint32_t n) {
  if (gpu::block_idx().x >= n)
    return;
  gpu::cluster::sync();
  out[gpu::block_idx().x] = 1;
}
