// A __float128 local in a helper.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

inline double widen(double x) {
  // CHECK: float128-in-helper.cpp:[[@LINE+1]]:14: error: a value of type '__float128' cannot be used in device code: the GPU has no 128-bit floating point; use double [alloy:device-type]
  __float128 q = x;
  return static_cast<double>(q * q);
}

[[gpu::kernel]] void k(double *out) {
  // CHECK: float128-in-helper.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'widen'
  out[0] = widen(out[1]);
}
