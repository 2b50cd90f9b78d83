// A kernel parameter taken by reference.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

struct Params {
  float scale;
};

// CHECK: kernel-param-reference.cpp:[[@LINE+1]]:38: error: kernel parameter 'p' is a reference: kernels take their parameters by value (use std::span, gpu::disjoint_span or a pointer) [alloy:kernel-param-reference]
[[gpu::kernel]] void k(const Params &p, float *out) {
  out[0] = p.scale;
}
