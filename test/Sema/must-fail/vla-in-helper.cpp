// A variable-length array in a helper (clang accepts it as an extension).
// RUN: not %alloy_cc1 -fsyntax-only -Wno-vla-cxx-extension %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

inline float window_sum(const float *in, int n) {
  // CHECK: vla-in-helper.cpp:[[@LINE+1]]:9: error: variable-length arrays cannot be used in device code; use a fixed-size array or gpu::dynamic_shared [alloy:device-vla]
  float window[n];
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += window[i] = in[i];
  return s;
}

[[gpu::kernel]] void k(const float *in, float *out, int n) {
  // CHECK: vla-in-helper.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'window_sum'
  out[0] = window_sum(in, n);
}
