// A kernel that returns a value.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

namespace kernels {
// CHECK: kernel-non-void.cpp:[[@LINE+1]]:3: error: a gpu::kernel must return void [alloy:kernel-not-void]
[[gpu::kernel]] float sum(const float *in) { return in[0]; }
}  // namespace kernels
