// A GCC __atomic builtin: the hint names gpu::atomic_add.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

inline unsigned claim_slot(unsigned *counter) {
  // CHECK: atomic-builtin-in-helper.cpp:[[@LINE+1]]:10: error: the atomic builtins (__atomic_*, __c11_atomic_*) and std::atomic cannot be used in device code; use gpu::atomic_add and the other gpu::atomic_* functions [alloy:device-atomic-builtin]
  return __atomic_fetch_add(counter, 1u, __ATOMIC_RELAXED);
}

[[gpu::kernel]] void k(unsigned *counter, unsigned *out) {
  // CHECK: atomic-builtin-in-helper.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'claim_slot'
  out[0] = claim_slot(counter);
}
