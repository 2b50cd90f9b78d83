// gpu::cluster::map (mapa) takes the address of a shared object: a kernel's
// pointer parameter (global memory) or a thread's local variable is an
// error at the argument.
// RUN: not %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-gpu-arch=sm_90 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/cluster.hpp>
#include <gpu/gpu.hpp>

[[gpu::kernel, gpu::cluster_dims(2)]] void global_pointer(uint32_t *out) {
  gpu::cluster::sync();
  // CHECK: cluster-map-not-shared.cpp:[[@LINE+1]]:38: error: gpu::cluster::map needs the address of an object in this block's shared memory; 'out' is a kernel parameter, which points to global memory
  uint32_t *peer = gpu::cluster::map(out, 1);
  out[0] = *peer;
  gpu::cluster::sync();
}

[[gpu::kernel, gpu::cluster_dims(2)]] void local_array(uint32_t *out) {
  uint32_t mine[4] = {1, 2, 3, 4};
  gpu::cluster::sync();
  // CHECK: cluster-map-not-shared.cpp:[[@LINE+1]]:38: error: gpu::cluster::map needs the address of an object in this block's shared memory; 'mine' is a local variable of this thread (not {{\[\[}}gpu::shared{{\]\]}})
  uint32_t *peer = gpu::cluster::map(&mine[1], 1);
  out[0] = *peer;
  gpu::cluster::sync();
}
