// A default argument calls a function with a mutable static local; the
// argument is evaluated in the helper that omits it.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

inline int next_seed() {
  // CHECK: default-argument-host-call.cpp:[[@LINE+1]]:14: error: the static local variable 'seed' cannot be used in device code: only constants (const or constexpr, with a constant initializer) can be read on the GPU; pass mutable data through a kernel parameter, or make it a device global: {{.*}} (CUDA's __device__) [alloy:device-mutable-global]
  static int seed = 1;
  return seed *= 48271;
}
inline int jitter(int x, int seed = next_seed()) { return x ^ seed; }
inline int noisy(int x) { return jitter(x); }

[[gpu::kernel]] void k(int *out) {
  // CHECK: default-argument-host-call.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'noisy' -> 'next_seed'
  out[0] = noisy(out[1]);
}
