// launch_bounds above the GPU's 1024 threads per block.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

// CHECK: bounds-max-threads.cpp:[[@LINE+1]]:16: error: gpu::launch_bounds: MAX_THREADS must be 1 to 1024, not 2048 [alloy:bounds-max-threads]
[[gpu::kernel, gpu::launch_bounds(2048)]] void k(float *out) { out[0] = 1; }
