// A derived class's implicit constructor runs a base constructor that throws.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

struct Range {
  int lo, hi;
  Range(int l, int h) : lo(l), hi(h) {
    if (l > h)
      // CHECK: base-constructor-throw.cpp:[[@LINE+1]]:7: error: a throw expression cannot be used in device code: the GPU has no exceptions; report the failure through an output, or stop the kernel with gpu::trap() [alloy:device-throw]
      throw l;
  }
};
struct Window : Range {
  int step;
  Window(int l, int h) : Range(l, h), step(1) {}
};

[[gpu::kernel]] void k(int *out) {
  // CHECK: base-constructor-throw.cpp:[[@LINE+1]]:10: note: reached from kernel 'k' through 'Window::Window' -> 'Range::Range'
  Window w(out[0], out[1]);
  out[2] = w.hi - w.lo;
}
