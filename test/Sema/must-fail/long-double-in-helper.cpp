// A long double local in a helper.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

inline double accurate_sum(const double *in, int n) {
  // CHECK: long-double-in-helper.cpp:[[@LINE+1]]:15: error: a value of type 'long double' cannot be used in device code: the GPU has no long double; use double [alloy:device-type]
  long double s = 0;
  for (int i = 0; i < n; ++i)
    s += in[i];
  return static_cast<double>(s);
}

[[gpu::kernel]] void k(const double *in, double *out) {
  // CHECK: long-double-in-helper.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'accurate_sum'
  out[0] = accurate_sum(in, 16);
}
