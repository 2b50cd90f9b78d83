// A GNU case range in a helper.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

inline int digit_class(char c) {
  switch (c) {
  // CHECK: case-range-in-helper.cpp:[[@LINE+1]]:3: error: case ranges cannot be used in device code [alloy:device-case-range]
  case '0' ... '9':
    return 1;
  default:
    return 0;
  }
}

[[gpu::kernel]] void k(const char *in, int *out) {
  // CHECK: case-range-in-helper.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'digit_class'
  out[0] = digit_class(in[0]);
}
