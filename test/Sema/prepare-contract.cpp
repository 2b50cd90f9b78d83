// gpu::prepare needs a kernel with a launch contract of the config's rank.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s
#include <gpu/gpu.hpp>

namespace kernels {
[[gpu::kernel]] void free_form(gpu::disjoint_span<float> out) {}
[[gpu::kernel, gpu::launch_contract(2, 16, 16)]] void tiled(float* out) {}
}  // namespace kernels
void helper(float*) {}

void run(gpu::context& ctx) {
  // CHECK: prepare-contract.cpp:[[@LINE+1]]:{{.*}}error: gpu::prepare<kernels::free_form>: the kernel has no gpu::launch_contract; give it one, or launch it with gpu::launch_unchecked
  (void)gpu::prepare<kernels::free_form>(ctx, gpu::launch_config_1d{1, 256});
  // CHECK: prepare-contract.cpp:[[@LINE+1]]:{{.*}}error: gpu::prepare<kernels::tiled>: a launch_config_1d cannot launch a kernel whose launch_contract has DOMAIN 2
  (void)gpu::prepare<kernels::tiled>(ctx, gpu::launch_config_1d{1, 256});
  // CHECK: prepare-contract.cpp:[[@LINE+1]]:{{.*}}error: gpu::prepare: 'helper' is not a {{\[\[}}gpu::kernel{{\]\]}}
  (void)gpu::prepare<helper>(ctx, gpu::launch_config_1d{1, 256});
}
