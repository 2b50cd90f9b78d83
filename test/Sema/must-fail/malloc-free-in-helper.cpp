// malloc and free in a helper: two calls, two errors, each with the chain.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>
#include <cstdlib>

inline float sum_copy(const float *in, int n) {
  // CHECK: malloc-free-in-helper.cpp:[[@LINE+1]]:37: error: 'malloc' is a host library function, which cannot run on the GPU; Alloy has no device heap [alloy:device-host-library]
  float *tmp = static_cast<float *>(std::malloc(n * sizeof(float)));
  // CHECK: malloc-free-in-helper.cpp:[[@LINE+10]]:12: note: reached from kernel 'k' through 'sum_copy'
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += tmp[i] = in[i];
  // CHECK: malloc-free-in-helper.cpp:[[@LINE+1]]:3: error: 'free' is a host library function, which cannot run on the GPU; Alloy has no device heap [alloy:device-host-library]
  std::free(tmp);
  // CHECK: malloc-free-in-helper.cpp:[[@LINE+4]]:12: note: reached from kernel 'k' through 'sum_copy'
  return s;
}
[[gpu::kernel]] void k(const float *in, float *out) {
  out[0] = sum_copy(in, 4);
}
