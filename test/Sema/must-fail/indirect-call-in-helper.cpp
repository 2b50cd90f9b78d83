// Calling through a function pointer that came from the host.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

using unary = float (*)(float);

inline float transform(unary f, float x) {
  // CHECK: indirect-call-in-helper.cpp:[[@LINE+1]]:10: error: an indirect call cannot be used in device code: Alloy has no function pointers on the GPU; call the function directly, or pass a lambda or function object [alloy:device-indirect-call]
  return f(x);
}

[[gpu::kernel]] void k(unary f, float *out) {
  // CHECK: indirect-call-in-helper.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'transform'
  out[0] = transform(f, out[1]);
}
