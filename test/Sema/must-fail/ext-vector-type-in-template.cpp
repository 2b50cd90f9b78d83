// A clang ext_vector_type vector in a member function of a class template.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

typedef float float4_ext __attribute__((ext_vector_type(4)));

template <class T> struct Accumulator {
  T total;
  T add4(T a, T b, T c, T d) const {
    // CHECK: ext-vector-type-in-template.cpp:[[@LINE+1]]:16: error: a value of type 'float4_ext' (vector of 4 'float' values) cannot be used in device code: vector and matrix types are not supported; use std::array or a struct [alloy:device-type]
    float4_ext v = {a, b, c, d};
    return total + v[0] + v[1] + v[2] + v[3];
  }
};

[[gpu::kernel]] void k(const float *in, float *out) {
  Accumulator<float> acc{0};
  // CHECK: ext-vector-type-in-template.cpp:[[@LINE+1]]:16: note: reached from kernel 'k' through 'Accumulator<float>::add4'
  out[0] = acc.add4(in[0], in[1], in[2], in[3]);
}
