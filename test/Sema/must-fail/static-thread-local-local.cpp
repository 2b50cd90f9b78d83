// A static thread_local local in a member function of a class template.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

template <class T> struct Memo {
  T get(T x) const {
    // CHECK: static-thread-local-local.cpp:[[@LINE+1]]:27: error: the thread_local variable 'last' cannot be used in device code [alloy:device-thread-local]
    static thread_local T last{};
    return x + last;
  }
};

[[gpu::kernel]] void k(float *out) {
  Memo<float> m;
  // CHECK: static-thread-local-local.cpp:[[@LINE+1]]:14: note: reached from kernel 'k' through 'Memo<float>::get'
  out[0] = m.get(out[1]);
}
