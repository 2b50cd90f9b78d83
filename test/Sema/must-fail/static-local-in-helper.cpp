// A mutable static local in a helper.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

inline int next_id() {
  // CHECK: static-local-in-helper.cpp:[[@LINE+1]]:14: error: the static local variable 'counter' cannot be used in device code: only constants (const or constexpr, with a constant initializer) can be read on the GPU; pass mutable data through a kernel parameter, or make it a device global: {{.*}} (CUDA's __device__) [alloy:device-mutable-global]
  static int counter = 0;
  return counter++;
}

[[gpu::kernel]] void k(int *out) {
  // CHECK: static-local-in-helper.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'next_id'
  out[0] = next_id();
}
