// Recursive device functions are optimized for size: a two-way recursive
// binomial keeps nvcc's 32-byte frame (64 bytes when LLVM unrolled the loop
// it made of one of the calls, with every unrolled value spilled).
// REQUIRES: ptxas
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-gpu-arch=sm_90 -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s --check-prefix=LLVM < %t/recursion-stack.opt.ll
// RUN: %ptxas -v -arch=sm_90 %t/recursion-stack.ptx -o %t/r.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// The module metadata marks the kernel that reaches the recursion, so the
// runtime can say a fault there is likely a stack overflow:
// RUN: llvm-objcopy --dump-section .alloy_metadata=%t/meta.txt %t.o
// RUN: FileCheck %s --check-prefix=META < %t/meta.txt
// META: kernel _ZN7kernels6pascalEPjj kernels::pascal
// META-NEXT: recursive
// META: kernel _ZN7kernels4flatEPjj kernels::flat
// META-NOT: recursive
#include <gpu/gpu.hpp>

// LLVM: define internal {{.*}}@_Z8binomialjj({{.*}} [[ATTRS:#[0-9]+]]
// LLVM: attributes [[ATTRS]] = { {{.*}}optsize
uint32_t binomial(uint32_t n, uint32_t k) {
  if (k == 0 || k == n)
    return 1;
  return binomial(n - 1, k - 1) + binomial(n - 1, k);
}

// PTXAS: Function properties for _Z8binomialjj
// PTXAS-NEXT: 32 bytes stack frame
namespace kernels {
[[gpu::kernel]] void pascal(uint32_t *out, uint32_t n) {
  uint32_t t = gpu::thread_idx().x;
  out[t] = binomial(n, t % (n + 1));
}
[[gpu::kernel]] void flat(uint32_t *out, uint32_t n) {
  out[gpu::thread_idx().x] = n;
}
} // namespace kernels
