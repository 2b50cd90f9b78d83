// Taking the address of a function in device code.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

inline float square(float x) { return x * x; }

inline float checked_square(float x) {
  // CHECK: function-address-in-helper.cpp:[[@LINE+1]]:30: error: the address of the function 'square' cannot be used in device code: Alloy has no function pointers on the GPU; call the function directly, or pass a lambda or function object [alloy:device-function-pointer]
  float (*selected)(float) = &square;
  return selected != nullptr ? square(x) : 0;
}

[[gpu::kernel]] void k(float *out) {
  // CHECK: function-address-in-helper.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'checked_square'
  out[0] = checked_square(out[1]);
}
