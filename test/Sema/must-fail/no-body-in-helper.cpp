// A function that is only declared, called from a helper.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

float external_gain(float x);  // defined in another translation unit

inline float amplify(float x) {
  // CHECK: no-body-in-helper.cpp:[[@LINE+1]]:10: error: 'external_gain' has no definition visible here, so device code cannot call it: GPU code must see the body of every function it calls [alloy:device-no-body]
  return external_gain(x) + 1;
}

[[gpu::kernel]] void k(float *out) {
  // CHECK: no-body-in-helper.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'amplify'
  out[0] = amplify(out[1]);
}
