// Scalar locals become SSA values at the Alloy level (MLIR's mem2reg on
// alloy.alloca): the optimized Alloy IR keeps a slot only for what must
// stay in memory (here a volatile local), a loop's counter and sum are
// block arguments, and a local read before any write is ub.poison, which
// lowers to LLVM's poison and compiles.
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s < %t/locals-ssa.alloy.opt.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t/locals-ssa.ptx
#include <gpu/gpu.hpp>

namespace k {
// CHECK-LABEL: alloy.kernel @{{.*}}row_sums
// CHECK-NOT: alloy.alloca {{(i32|f32)}}
// CHECK: ^bb{{[0-9]+}}(%{{.*}}: i32, %{{.*}}: f32):
[[gpu::kernel]] void row_sums(std::span<const float> m, int cols,
                              gpu::disjoint_span<float> out) {
  auto row = gpu::thread::index_1d();
  if (auto *o = out.get_mut(row)) {
    float sum = 0.0f;
    for (int c = 0; c < cols; ++c)
      sum += m[row.get() * cols + c];
    *o = sum;
  }
}

// CHECK-LABEL: alloy.kernel @{{.*}}maybe_set
// CHECK: ub.poison : i32
// CHECK: alloy.alloca f32
// CHECK: alloy.store volatile
// PTX: .entry {{.*}}maybe_set
[[gpu::kernel]] void maybe_set(std::span<const int> in,
                               gpu::disjoint_span<int> out) {
  auto i = gpu::thread::index_1d();
  if (auto *o = out.get_mut(i)) {
    int v;
    if (in[i.get()] > 0)
      v = in[i.get()];
    volatile float keep = 1.0f;
    keep = keep + 1.0f;
    *o = in[i.get()] > 0 ? v : 0;
  }
}
} // namespace k

int main() {}
