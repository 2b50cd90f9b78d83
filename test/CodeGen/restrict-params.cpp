// A kernel's `T *__restrict` parameter (CUDA's __restrict__) is noalias in
// the LLVM IR, as spans are; a plain T* is not, and const T* is already an
// input (noalias readonly).
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s < %t/restrict-params.ll
#include <gpu/gpu.hpp>

// CHECK: define ptx_kernel void @{{.*}}restricted{{.*}}(ptr addrspace(1) noalias readonly %0, ptr addrspace(1) noalias %1, ptr addrspace(1) %2)
[[gpu::kernel]] void restricted(const float *in, float *__restrict out,
                                float *plain) {
  uint32_t i = gpu::thread_idx().x;
  out[i] = in[i];
  plain[i] = in[i];
}
