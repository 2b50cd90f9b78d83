// gpu::prepare of a kernel that has no launch contract.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/gpu.hpp>

namespace kernels {
[[gpu::kernel, gpu::launch_bounds(256)]]
void fill(gpu::disjoint_span<float> out) {
  if (float *p = out.get_mut(gpu::thread::index_1d())) *p = 1;
}
}  // namespace kernels

void run(gpu::context &ctx) {
  // CHECK: prepare-without-contract.cpp:[[@LINE+1]]:9: error: gpu::prepare<kernels::fill>: the kernel has no gpu::launch_contract; give it one, or launch it with gpu::launch_unchecked [alloy:prepare-no-contract]
  (void)gpu::prepare<kernels::fill>(ctx, gpu::launch_config_1d{4, 256});
  // CHECK: prepare-without-contract.cpp:[[@LINE-8]]:6: note: kernel 'kernels::fill' declared here
}
