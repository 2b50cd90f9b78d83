// A pointer to member function, called in a helper.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

struct Vec {
  float x, y;
  float len2() const { return x * x + y * y; }
};

template <float (Vec::*Method)() const> float call_on(const Vec &v) {
  // CHECK: member-function-pointer.cpp:[[@LINE+1]]:10: error: pointers to members cannot be used in device code [alloy:device-member-pointer]
  return (v.*Method)();
}

[[gpu::kernel]] void k(const Vec *in, float *out) {
  // CHECK: member-function-pointer.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'call_on<&Vec::len2>'
  out[0] = call_on<&Vec::len2>(in[0]);
}
