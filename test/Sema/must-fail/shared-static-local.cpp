// CUDA's `static __shared__` on a local: the message says what to drop
// (alloy port drops it).
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/cuda_compat.hpp>

__device__ float block_sum(float v) {
  // CHECK: shared-static-local.cpp:[[@LINE+1]]:10: error: a gpu::shared variable is already one per block: drop 'static' (CUDA's 'static __shared__' means the same as '__shared__') [alloy:attr-shared-static]
  static __shared__ float s[32];
  s[threadIdx.x % 32] = v;
  return s[0];
}

[[gpu::kernel]] void k(float *out) { out[0] = block_sum(1); }
