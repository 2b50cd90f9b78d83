// Inline assembly in a helper.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

inline unsigned lane() {
  unsigned id;
  // CHECK: inline-asm-in-helper.cpp:[[@LINE+1]]:3: error: inline assembly cannot be used in device code [alloy:device-asm]
  asm("mov.u32 %0, %%laneid;" : "=r"(id));
  return id;
}

[[gpu::kernel]] void k(unsigned *out) {
  // CHECK: inline-asm-in-helper.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'lane'
  out[0] = lane();
}
