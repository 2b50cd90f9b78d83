// A virtual call through a reference in a helper.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

struct Shape {
  virtual float area() const { return 0; }
};

inline float doubled_area(const Shape &s) {
  // CHECK: virtual-call-in-helper.cpp:[[@LINE+1]]:12: error: a virtual call of 'area' cannot be used in device code: the GPU has no virtual dispatch; call it non-virtually (mark the class or the function final) or use a template [alloy:device-virtual-call]
  return s.area() * 2;
}

[[gpu::kernel]] void k(const Shape *shapes, float *out) {
  // CHECK: virtual-call-in-helper.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'doubled_area'
  out[0] = doubled_area(shapes[0]);
}
