// A 64-bit addition whose operands share no bit reaches the PTX as `add`,
// as in nvcc's PTX: LLVM turns it into `or disjoint` (here the global
// index, block * 256 + thread under a contract of 256 threads), and
// ptxas, which cannot know the bits are disjoint, schedules an `or`
// worse (DisjointOrsAsAdds). A real `or` stays one.
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s < %t/disjoint-ors.ptx
#include <gpu/gpu.hpp>

namespace k {
[[gpu::kernel, gpu::launch_contract(1, 256)]]
void pairs(std::span<const float> x, gpu::disjoint_span<float> y,
           uint32_t mask) {
  auto i = gpu::thread::index_1d();
  uint32_t t = gpu::thread_idx().x;
  if (float *o = y.get_mut(i))
    *o = x[i.get() * 4 + 1] + float(t | mask);
}
} // namespace k

// CHECK-LABEL: .entry {{.*}}pairs
// CHECK-NOT: or.b64
// CHECK: add.s64 {{.*}}, {{.*}}, {{.*}};
// CHECK-NOT: or.b64
// CHECK: or.b32 {{.*}}, {{.*}}, {{.*}};
// CHECK-NOT: or.b64
// CHECK: ret;
