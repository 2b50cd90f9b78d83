// A GCC vector_size vector in a helper.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

typedef float float4_t __attribute__((vector_size(16)));

inline float first_lane(float x) {
  // CHECK: vector-size-in-helper.cpp:[[@LINE+1]]:12: error: a value of type 'float4_t' (vector of 4 'float' values) cannot be used in device code: vector and matrix types are not supported; use std::array or a struct [alloy:device-type]
  float4_t v = {x, x, x, x};
  return v[0];
}

[[gpu::kernel]] void k(float *out) {
  // CHECK: vector-size-in-helper.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'first_lane'
  out[0] = first_lane(out[1]);
}
