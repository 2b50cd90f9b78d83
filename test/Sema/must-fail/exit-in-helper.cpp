// std::exit two calls deep: the hint names gpu::trap().
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>
#include <cstdlib>

inline void fail_if(bool bad) {
  if (bad)
    // CHECK: exit-in-helper.cpp:[[@LINE+1]]:5: error: 'exit' is a host library function, which cannot run on the GPU; use gpu::trap() [alloy:device-host-library]
    std::exit(1);
}
inline float checked(float v) {
  fail_if(v != v);
  return v;
}

[[gpu::kernel]] void k(float *out) {
  // CHECK: exit-in-helper.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'checked' -> 'fail_if'
  out[0] = checked(out[1]);
}
