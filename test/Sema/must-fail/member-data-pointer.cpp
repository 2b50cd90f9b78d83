// A pointer to data member, used as a template argument (generic field
// access).
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

struct Particle {
  float x, y, mass;
};

template <float Particle::*Field> float field_sum(const Particle *p, int n) {
  float s = 0;
  for (int i = 0; i < n; ++i)
    // CHECK: member-data-pointer.cpp:[[@LINE+1]]:14: error: pointers to members cannot be used in device code [alloy:device-member-pointer]
    s += p[i].*Field;
  return s;
}

[[gpu::kernel]] void k(const Particle *in, float *out) {
  // CHECK: member-data-pointer.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'field_sum<&Particle::mass>'
  out[0] = field_sum<&Particle::mass>(in, 8);
}
