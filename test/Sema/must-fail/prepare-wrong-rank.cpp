// gpu::prepare of a 2-D kernel with a 1-D configuration.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/gpu.hpp>

namespace kernels {
[[gpu::kernel, gpu::launch_contract(2, 16, 16)]]
void transpose(const float *in, float *out, unsigned n) {
  auto idx = gpu::thread::index_2d();
  out[idx.col() * n + idx.row()] = in[idx.row() * n + idx.col()];
}
}  // namespace kernels

void run(gpu::context &ctx) {
  // CHECK: prepare-wrong-rank.cpp:[[@LINE+1]]:47: error: gpu::prepare<kernels::transpose>: a launch_config_1d cannot launch a kernel whose launch_contract has DOMAIN 2 [alloy:prepare-rank]
  (void)gpu::prepare<kernels::transpose>(ctx, gpu::launch_config_1d{64, 256});
}
