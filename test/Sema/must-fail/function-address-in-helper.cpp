// Taking the address of a function in device code.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

inline float square(float x) { return x * x; }

template <class F> float apply_twice(F f, float x) { return f(f(x)); }

inline float fourth_power(float x) {
  // CHECK: function-address-in-helper.cpp:[[@LINE+1]]:22: error: the address of the function 'square' cannot be used in device code: Alloy has no function pointers on the GPU; call the function directly, or pass a lambda or function object [alloy:device-function-pointer]
  return apply_twice(&square, x);
}

[[gpu::kernel]] void k(float *out) {
  // CHECK: function-address-in-helper.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'fourth_power'
  out[0] = fourth_power(out[1]);
}
