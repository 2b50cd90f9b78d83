// A launch contract with DOMAIN 4.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

// CHECK: contract-domain-4.cpp:[[@LINE+1]]:16: error: gpu::launch_contract: DOMAIN must be 1, 2 or 3, not 4 [alloy:contract-domain]
[[gpu::kernel, gpu::launch_contract(4, 8, 8, 8)]] void k(float *out) {
  out[0] = 1;
}
