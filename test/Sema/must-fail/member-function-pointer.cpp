// A call through a constexpr pointer to member function, in a helper.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

struct Vec {
  float x, y;
  float len2() const { return x * x + y * y; }
};

constexpr float (Vec::*kNorm)() const = &Vec::len2;

inline float norm_of(const Vec &v) {
  // CHECK: member-function-pointer.cpp:[[@LINE+1]]:10: error: pointers to member functions cannot be used in device code; call the member function directly, or pass a lambda or function object [alloy:device-member-pointer]
  return (v.*kNorm)();
}

[[gpu::kernel]] void k(const Vec *in, float *out) {
  // CHECK: member-function-pointer.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'norm_of'
  out[0] = norm_of(in[0]);
}

// A pointer to member function as a variable (a pointer to data member is
// fine: test/CodeGen/member-pointers.cpp).
inline float pick(const Vec &v, bool squared) {
  // CHECK: member-function-pointer.cpp:[[@LINE+1]]:16: error: pointers to member functions cannot be used in device code; call the member function directly, or pass a lambda or function object [alloy:device-member-pointer]
  float (Vec::*f)() const = &Vec::len2;
  // CHECK: member-function-pointer.cpp:[[@LINE+8]]:12: note: reached from kernel 'k2' through 'pick'
  float Vec::*axis = squared ? &Vec::x : &Vec::y;
  // CHECK: member-function-pointer.cpp:[[@LINE+1]]:20: error: pointers to member functions
  return squared ? (v.*f)() : v.*axis;
}

[[gpu::kernel]] void k2(const Vec *in, float *out) {
  // CHECK: member-function-pointer.cpp:[[@LINE+1]]:12: note: reached from kernel 'k2' through 'pick'
  out[0] = pick(in[0], true);
}
