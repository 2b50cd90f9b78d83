// A _Complex local in a helper.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

inline bool is_self_equal(double re, double im) {
  // CHECK: complex-in-helper.cpp:[[@LINE+1]]:19: error: a value of type '_Complex double' cannot be used in device code: complex types are not supported; use a struct of two values [alloy:device-type]
  _Complex double z = {re, im};
  return z == z;
}

[[gpu::kernel]] void k(const double *in, bool *out) {
  // CHECK: complex-in-helper.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'is_self_equal'
  out[0] = is_self_equal(in[0], in[1]);
}
