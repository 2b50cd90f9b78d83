// new in a constructor's member initializer, reached through a helper.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

struct Scratch {
  float *data;
  // CHECK: new-in-constructor.cpp:[[@LINE+1]]:34: error: new cannot be used in device code: Alloy has no device heap; use a local array, gpu::shared_array, or a gpu::device_buffer passed from the host [alloy:device-heap]
  explicit Scratch(int n) : data(new float[n]) {}
};

inline float first(int n) {
  Scratch s(n);
  return s.data[0];
}

[[gpu::kernel]] void k(float *out, int n) {
  // CHECK: new-in-constructor.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'first' -> 'Scratch::Scratch'
  out[0] = first(n);
}
