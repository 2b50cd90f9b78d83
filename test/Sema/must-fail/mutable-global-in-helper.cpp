// Reading a mutable namespace-scope variable in a helper.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

namespace config {
float gain = 2.0f;
}  // namespace config

inline float apply_gain(float x) {
  // CHECK: mutable-global-in-helper.cpp:[[@LINE+1]]:14: error: the global variable 'gain' cannot be used in device code: only constants (const or constexpr, with a constant initializer) can be read on the GPU; pass mutable data through a kernel parameter, or make it a device global: {{.*}} (CUDA's __device__) [alloy:device-mutable-global]
  return x * config::gain;
}

[[gpu::kernel]] void k(float *out) {
  // CHECK: mutable-global-in-helper.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'apply_gain'
  out[0] = apply_gain(out[1]);
}
