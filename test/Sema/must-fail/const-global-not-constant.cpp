// A const global whose initializer runs at program start.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

inline int read_env() { return 42; }
const int kLimit = read_env();

inline int clamp_to_limit(int x) {
  // CHECK: const-global-not-constant.cpp:[[@LINE+1]]:10: error: the constant 'kLimit' cannot be used in device code: its initializer cannot be evaluated at compile time [alloy:device-constant-not-constant]
  return kLimit < x ? 0 : x;
}

[[gpu::kernel]] void k(int *out) {
  // CHECK: const-global-not-constant.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'clamp_to_limit'
  out[0] = clamp_to_limit(out[1]);
}
