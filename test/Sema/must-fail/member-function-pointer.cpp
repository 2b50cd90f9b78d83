// A call through a constexpr pointer to member function, in a helper.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

struct Vec {
  float x, y;
  float len2() const { return x * x + y * y; }
};

constexpr float (Vec::*kNorm)() const = &Vec::len2;

inline float norm_of(const Vec &v) {
  // CHECK: member-function-pointer.cpp:[[@LINE+1]]:10: error: pointers to members cannot be used in device code [alloy:device-member-pointer]
  return (v.*kNorm)();
}

[[gpu::kernel]] void k(const Vec *in, float *out) {
  // CHECK: member-function-pointer.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'norm_of'
  out[0] = norm_of(in[0]);
}
