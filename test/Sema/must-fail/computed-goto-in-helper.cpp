// GNU computed goto: reported once per function, at its first use.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

inline int skip_ahead(int x) {
  // CHECK: computed-goto-in-helper.cpp:[[@LINE+1]]:18: error: computed goto and label addresses cannot be used in device code [alloy:device-computed-goto]
  void *target = &&done;
  goto *target;
done:
  return x;
}
[[gpu::kernel]] void k(int *out) {
  // CHECK: computed-goto-in-helper.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'skip_ahead'
  out[0] = skip_ahead(out[1]);
}
