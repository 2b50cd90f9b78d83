// Clusters need sm_90: a cluster_dims kernel and a cluster intrinsic in a
// build for sm_80 are errors at the kernel and at the call; setmaxnreg
// needs sm_90a alone.
// RUN: not %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-gpu-arch=sm_80 2>&1 | FileCheck %s --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
// RUN: not %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-gpu-arch=sm_90 -DSETMAXNREG 2>&1 | FileCheck %s --check-prefix=SM90 --implicit-check-not='PLEASE submit'
#include <gpu/cluster.hpp>
#include <gpu/gpu.hpp>

#ifndef SETMAXNREG
// CHECK: cluster-below-sm90.cpp":[[@LINE+1]]:{{[0-9]+}}): 'alloy.kernel' op (cluster_dims) needs sm_90 or newer (--gpu-arch=sm_90); the build targets sm_80
[[gpu::kernel, gpu::cluster_dims(2)]] void pairs(uint32_t *out) {
  out[0] = 1;
}

[[gpu::kernel]] void rank(uint32_t *out) {
  // CHECK: cluster-below-sm90.cpp":[[@LINE+1]]:{{[0-9]+}}): 'alloy.cluster_reg' op (cluster registers) needs sm_90 or newer (--gpu-arch=sm_90); the build targets sm_80
  out[0] = gpu::cluster::block_rank();
}
#else
[[gpu::kernel]] void specialized(uint32_t *out) {
  // SM90: cluster-below-sm90.cpp":[[@LINE+1]]:{{[0-9]+}}): 'alloy.setmaxnreg' op (setmaxnreg) needs the arch-specific target sm_90a (--gpu-arch=sm_90a, and no other architecture in the build); the build targets sm_90
  gpu::warpgroup::acquire_registers<232>();
  out[0] = 1;
}
#endif
