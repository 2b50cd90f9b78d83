// A contract whose block is larger than the kernel's launch_bounds.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

// CHECK: contract-exceeds-bounds.cpp:[[@LINE+1]]:41: error: gpu::launch_contract: its block of 256 threads exceeds the kernel's gpu::launch_bounds(128) [alloy:contract-exceeds-bounds]
[[gpu::kernel, gpu::launch_bounds(128), gpu::launch_contract(2, 16, 16)]]
void k(float *out) {
  out[0] = 1;
}
