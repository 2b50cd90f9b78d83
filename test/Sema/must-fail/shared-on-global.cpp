// [[gpu::shared]] on a namespace-scope variable.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

// CHECK: shared-on-global.cpp:[[@LINE+1]]:3: error: the gpu::shared attribute applies only to local variables of device functions (CUDA's __shared__) [alloy:attr-shared-placement]
[[gpu::shared]] float tile[256];

[[gpu::kernel]] void k(float *out) { out[0] = 1; }
