// A C variadic member function called from a kernel.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

struct Logger {
  int count;
  void log(const char *fmt, ...) { ++count; }
};

[[gpu::kernel]] void k(Logger *l, int *out) {
  // CHECK: c-variadic-member.cpp:[[@LINE+1]]:6: error: the C variadic function 'log' cannot be called in device code; use a variadic template [alloy:device-c-variadic]
  l->log("%d", out[0]);
}
