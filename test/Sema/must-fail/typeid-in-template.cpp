// typeid in a function template instantiated for the kernel.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>
#include <typeinfo>

template <class T> char type_tag(const T &v) {
  // CHECK: typeid-in-template.cpp:[[@LINE+1]]:10: error: typeid cannot be used in device code: the GPU has no run-time type information [alloy:device-rtti]
  return typeid(v).name()[0];
}

template <class T> T tagged(T v) { return v + type_tag(v); }

[[gpu::kernel]] void k(float *out) {
  // CHECK: typeid-in-template.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'tagged<float>' -> 'type_tag<float>'
  out[0] = tagged(out[1]);
}
