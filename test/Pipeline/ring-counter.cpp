// A two-stage ring (`if (++stage == 2) { stage = 0; phase ^= 1; }`) keeps
// stage in {0, 1}: LLVM's SCCP reads that from the branch before the first
// SimplifyCFG folds it into a select, so the PTX flips stage with one xor
// and phase with another, with no compare against 2.
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s < %t/ring-counter.ptx
#include <gpu/gpu.hpp>

namespace k {
[[gpu::kernel]] void ring(std::span<const unsigned> in,
                          gpu::disjoint_span<unsigned> out, int n) {
  auto i = gpu::thread::index_1d();
  int stage = 0;
  unsigned phase = 0, acc = 0;
  for (int t = 0; t < n; ++t) {
    acc += in[(t * 2 + stage) % in.size()] ^ phase;
    if (++stage == 2) {
      stage = 0;
      phase ^= 1u;
    }
  }
  if (unsigned *o = out.get_mut(i))
    *o = acc;
}
} // namespace k

// CHECK-LABEL: .entry {{.*}}ring
// CHECK: xor.b32 {{.*}}, 1;
// CHECK-NOT: setp.{{.*}}, 2;
// CHECK: ret;
