// Two launch contracts on one kernel.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

// CHECK: contract-duplicate.cpp:[[@LINE+1]]:45: error: a kernel takes one gpu::launch_contract [alloy:attr-duplicate]
[[gpu::kernel, gpu::launch_contract(1, 32), gpu::launch_contract(1, 64)]]
void k(float *out) { out[0] = 1; }
