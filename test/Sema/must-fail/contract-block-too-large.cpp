// A 3-D contract whose block has more than 1024 threads.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

// CHECK: contract-block-too-large.cpp:[[@LINE+1]]:16: error: gpu::launch_contract: a block of 2048 threads exceeds the GPU's limit of 1024 [alloy:contract-threads]
[[gpu::kernel, gpu::launch_contract(3, 16, 16, 8)]] void k(float *out) {
  out[0] = 1;
}
