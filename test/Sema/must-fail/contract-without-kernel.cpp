// A launch contract on a function that is not a kernel.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

// CHECK: contract-without-kernel.cpp:[[@LINE+1]]:3: error: gpu::launch_contract applies only to a {{\[\[}}gpu::kernel{{\]\]}} [alloy:attr-needs-kernel]
[[gpu::launch_contract(1, 64)]] void helper(float *out) { out[0] = 1; }
