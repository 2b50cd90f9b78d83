// Writing a static data member in a member function.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

struct Stats {
  static int calls;
  int bump() { return ++calls; }
};
int Stats::calls = 0;

inline int count(Stats &s) { return s.bump(); }

[[gpu::kernel]] void k(int *out) {
  Stats s;
  // CHECK: mutable-static-member.cpp:[[@LINE-8]]:25: error: the static member variable 'calls' cannot be used in device code: only constants (const or constexpr, with a constant initializer) can be read on the GPU; pass mutable data through a kernel parameter, or make it a device global: {{.*}} (CUDA's __device__) [alloy:device-mutable-global]
  // CHECK: mutable-static-member.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'count' -> 'Stats::bump'
  out[0] = count(s);
}
