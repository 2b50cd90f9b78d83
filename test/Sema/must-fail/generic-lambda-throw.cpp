// A generic lambda instantiated for int throws.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

template <class F> int apply(F f, int x) { return f(x); }

[[gpu::kernel]] void k(int *out) {
  auto positive = [](auto v) {
    if (v < 0)
      // CHECK: generic-lambda-throw.cpp:[[@LINE+1]]:7: error: a throw expression cannot be used in device code: the GPU has no exceptions; report the failure through an output, or stop the kernel with gpu::trap() [alloy:device-throw]
      throw v;
    return v;
  };
  // CHECK: generic-lambda-throw.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'apply<(lambda at {{.*}}generic-lambda-throw.cpp:[[@LINE-6]]:19)>' -> 'k(int *)::(lambda)::operator()<int>'
  out[0] = apply(positive, out[1]);
}
