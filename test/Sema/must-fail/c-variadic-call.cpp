// A C variadic function, defined in the file and called from a helper.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>
#include <cstdarg>

inline int sum_ints(int count, ...) {
  va_list args;
  va_start(args, count);
  int total = 0;
  for (int i = 0; i < count; ++i)
    total += va_arg(args, int);
  va_end(args);
  return total;
}

inline int sum3(int a, int b, int c) {
  // CHECK: c-variadic-call.cpp:[[@LINE+1]]:10: error: the C variadic function 'sum_ints' cannot be called in device code; use a variadic template [alloy:device-c-variadic]
  return sum_ints(3, a, b, c);
}

[[gpu::kernel]] void k(int *out) {
  // CHECK: c-variadic-call.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'sum3'
  out[0] = sum3(out[1], out[2], out[3]);
}
