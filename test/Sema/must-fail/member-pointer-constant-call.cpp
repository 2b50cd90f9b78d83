// A call through a constant pointer to member function is a member pointer
// (clang resolves the callee; this once crashed the lowering).
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

struct Vec {
  float x, y;
  float len2() const { return x * x + y * y; }
};
// CHECK: member-pointer-constant-call.cpp:[[@LINE+1]]:40: error: pointers to member functions cannot be used in device code; call the member function directly, or pass a lambda or function object [alloy:device-member-pointer]
inline float f1(const Vec &v) { return (v.*(&Vec::len2))(); }
// CHECK: member-pointer-constant-call.cpp:[[@LINE+1]]:62: note: reached from kernel 'k' through 'f1'
[[gpu::kernel]] void k(const Vec *in, float *out) { out[0] = f1(in[0]); }
