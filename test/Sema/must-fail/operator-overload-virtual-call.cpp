// An overloaded operator, reached through a kernel template, makes a virtual
// call.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

struct Metric {
  virtual float weight() const { return 1; }
  float value;
};
inline float operator+(const Metric &a, const Metric &b) {
  // CHECK: operator-overload-virtual-call.cpp:[[@LINE+1]]:12: error: a virtual call of 'weight' cannot be used in device code: the GPU has no virtual dispatch; call it non-virtually (mark the class or the function final) or use a template [alloy:device-virtual-call]
  return a.weight() * a.value + b.value;
}

template <class T> [[gpu::kernel]] void combine(const T *in, float *out) {
  // CHECK: operator-overload-virtual-call.cpp:[[@LINE+1]]:18: note: reached from kernel 'combine<Metric>' through 'operator+'
  out[0] = in[0] + in[1];
}
template void combine<Metric>(const Metric *, float *);
