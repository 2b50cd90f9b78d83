// PTX asm in a helper with an operand that does not fit its constraint.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

inline unsigned lane() {
  unsigned long long id;
  // CHECK: inline-asm-operand-in-helper.cpp:[[@LINE+1]]:38: error: an operand of type 'unsigned long long' does not fit constraint '=r' (h: a 16-bit integer or half, r: a 32-bit integer, l: a 64-bit integer or a pointer, f: float, d: double) [alloy:device-asm-operand-type]
  asm("mov.u32 %0, %%laneid;" : "=r"(id));
  return unsigned(id);
}

[[gpu::kernel]] void k(unsigned *out) {
  // CHECK: inline-asm-operand-in-helper.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'lane'
  out[0] = lane();
}
