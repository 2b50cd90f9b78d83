// A [[gpu::shared]] scalar with an initializer, in a helper.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

inline float block_total(float v) {
  // CHECK: shared-initializer-in-helper.cpp:[[@LINE+1]]:25: error: a {{\[\[}}gpu::shared{{\]\]}} variable cannot have an initializer: shared memory starts uninitialized, as in CUDA [alloy:device-shared-init]
  [[gpu::shared]] float total = 0;
  gpu::sync_threads();
  gpu::atomic_add(&total, v);
  gpu::sync_threads();
  return total;
}

[[gpu::kernel]] void k(float *out) {
  // CHECK: shared-initializer-in-helper.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'block_total'
  out[0] = block_total(out[1]);
}
