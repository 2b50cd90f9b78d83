// [[gpu::kernel]] on a member function.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

struct Solver {
  // CHECK: kernel-on-member-function.cpp:[[@LINE+1]]:5: error: a gpu::kernel must be a function at namespace scope, not a member function or a local declaration [alloy:kernel-not-namespace-scope]
  [[gpu::kernel]] void step(float *out) { out[0] = 1; }
};
