// Floating-point pragmas in device code: contraction is honoured (see
// CodeGen/fp-modes.cpp); any other setting warns, once per function.
// RUN: %alloy_cc1 -fsyntax-only -Xclang -verify %s
#include <gpu/device.hpp>

[[gpu::kernel]] void contract_only(float *out, float a, float b) {
#pragma clang fp contract(off)
  out[0] = a * b + out[1];
}

[[gpu::kernel]] void reassociate(float *out, float a, float b) {
#pragma clang fp reassociate(on)
  out[0] = a * b + out[1]; // expected-warning {{Alloy honours only the contraction setting of floating-point pragmas in device code ('reassociate'); the others are ignored}}
  out[2] = a + b;
}

float helper(float a, float b) {
#pragma float_control(precise, off)
  return a / b; // expected-warning {{Alloy honours only the contraction setting of floating-point pragmas in device code ('helper'); the others are ignored}}
}

[[gpu::kernel]] void calls_helper(float *out, float a, float b) {
  out[0] = helper(a, b);
}
