// A union kernel parameter.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

union Bits {
  float f;
  unsigned u;
};

// CHECK: kernel-param-union.cpp:[[@LINE+1]]:29: error: kernel parameter 'b' of type 'Bits' cannot be passed to the GPU: unions are not supported yet [alloy:kernel-param-type]
[[gpu::kernel]] void k(Bits b, unsigned *out) {
  out[0] = 1;
}
