// A host library function (std::puts) in a helper: the hint names
// gpu::printf. (std::printf itself is gpu::printf in device code.)
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>
#include <cstdio>

inline void report(int i, float v) {
  // CHECK: printf-in-helper.cpp:[[@LINE+1]]:3: error: 'puts' is a host library function, which cannot run on the GPU; use gpu::printf [alloy:device-host-library]
  std::puts(i > 0 && v > 0 ? "positive" : "not");
}

[[gpu::kernel]] void k(const float *in) {
  // CHECK: printf-in-helper.cpp:[[@LINE+1]]:3: note: reached from kernel 'k' through 'report'
  report(0, in[0]);
}
