// A contract with a block extent above 1024.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

// CHECK: contract-extent-out-of-range.cpp:[[@LINE+1]]:16: error: gpu::launch_contract: block extent 2048 is out of range (1 to 1024) [alloy:contract-extent]
[[gpu::kernel, gpu::launch_contract(1, 2048)]] void k(float *out) {
  out[0] = 1;
}
