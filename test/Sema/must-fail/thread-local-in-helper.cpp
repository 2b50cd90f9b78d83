// A thread_local variable read in a function template.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

thread_local int depth = 0;

template <class T> T deeper(T x) {
  // CHECK: thread-local-in-helper.cpp:[[@LINE+1]]:14: error: the thread_local variable 'depth' cannot be used in device code [alloy:device-thread-local]
  return x + depth;
}

[[gpu::kernel]] void k(int *out) {
  // CHECK: thread-local-in-helper.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'deeper<int>'
  out[0] = deeper(out[1]);
}
