// A C11 _Atomic local in a helper: the hint names gpu::atomic_*.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

inline int tally(const int *in, int n) {
  // CHECK: atomic-type-in-helper.cpp:[[@LINE+1]]:15: error: a value of type '_Atomic(int)' cannot be used in device code: _Atomic types are not supported; use gpu::atomic_* on a plain value [alloy:device-type]
  _Atomic int total;
  for (int i = 0; i < n; ++i)
    total += in[i];
  return n;
}

[[gpu::kernel]] void k(const int *in, int *out) {
  // CHECK: atomic-type-in-helper.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'tally'
  out[0] = tally(in, 8);
}
