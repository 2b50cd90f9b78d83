// A gpu::shared_array with an initializer, in a helper.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

inline float staged(const float *in) {
  // CHECK: shared-array-initializer-in-helper.cpp:[[@LINE+1]]:33: error: a gpu::shared_array cannot have an initializer: shared memory starts uninitialized, as in CUDA [alloy:device-shared-init]
  gpu::shared_array<float, 256> tile{};
  tile[gpu::thread_idx().x] = in[gpu::thread_idx().x];
  gpu::sync_threads();
  return tile[0];
}

[[gpu::kernel]] void k(const float *in, float *out) {
  // CHECK: shared-array-initializer-in-helper.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'staged'
  out[0] = staged(in);
}
