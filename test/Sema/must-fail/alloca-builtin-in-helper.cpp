// __builtin_alloca in a helper.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

inline float scratch_sum(const float *in, unsigned n) {
  // CHECK: alloca-builtin-in-helper.cpp:[[@LINE+1]]:37: error: the builtin '__builtin_alloca' cannot be used in device code [alloy:device-builtin]
  float *tmp = static_cast<float *>(__builtin_alloca(n * sizeof(float)));
  float s = 0;
  for (unsigned i = 0; i < n; ++i)
    s += tmp[i] = in[i];
  return s;
}

[[gpu::kernel]] void k(const float *in, float *out) {
  // CHECK: alloca-builtin-in-helper.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'scratch_sum'
  out[0] = scratch_sum(in, 8);
}
