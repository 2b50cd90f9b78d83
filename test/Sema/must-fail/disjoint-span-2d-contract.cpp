// A gpu::disjoint_span output in a kernel whose contract is two-dimensional:
// index_1d (x only) is shared by the threads of other rows, so the
// one-writer-per-element guarantee would not hold.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not='internal error' --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/gpu.hpp>

namespace kernels {
[[gpu::kernel, gpu::launch_contract(2, 16, 16)]]
// CHECK: disjoint-span-2d-contract.cpp:[[@LINE+2]]:37: error: gpu::disjoint_span output 'out' in a kernel whose launch_contract has DOMAIN 2: a thread owns its element by gpu::thread::index_1d(), the x index alone, which the threads of other rows share; make 'out' a T* output, or the kernel one-dimensional [alloy:disjoint-span-domain]
// CHECK: disjoint-span-2d-contract.cpp:[[@LINE-2]]:16: note: the launch contract is here
void tile2d(gpu::disjoint_span<int> out) {
  if (int *o = out.get_mut(gpu::thread::index_1d())) *o = 1;
}
}  // namespace kernels
