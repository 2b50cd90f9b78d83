// A temporary of a polymorphic class, created in a helper.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

struct Options {
  virtual float scale() const { return 1; }
  float offset = 2;
};

inline float default_offset() {
  // CHECK: polymorphic-temporary-in-helper.cpp:[[@LINE+1]]:10: error: an object of the polymorphic class 'Options' cannot be created in device code: the GPU has no virtual tables [alloy:device-polymorphic-object]
  return Options().offset;
}

[[gpu::kernel]] void k(float *out) {
  // CHECK: polymorphic-temporary-in-helper.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'default_offset'
  out[0] = default_offset();
}
