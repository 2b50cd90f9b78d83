// Barriers stay where the program has them: LLVM must not thread the second
// `if (t == 0)` through the block between the two sync_threads (that copied
// each barrier into both branches, and the divergent lanes of warp 0 then
// waited at different bar.sync instructions: the block hung on the H200).
// Device functions are convergent, as in CUDA (alloy-assume-convergent).
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s < %t/convergent-barriers.ptx
#include <gpu/gpu.hpp>
#include <gpu/half.hpp>

// CHECK-LABEL: .entry {{.*}}count_once
// CHECK: bar.sync
// CHECK: bar.sync
// CHECK-NOT: bar.sync
// CHECK: ret;
[[gpu::kernel, gpu::launch_contract(1, 256)]] void count_once(gpu::half *out,
                                                               gpu::half step) {
  [[gpu::shared]] gpu::half counter;
  uint32_t t = gpu::thread_idx().x;
  if (t == 0)
    counter = gpu::half(0.0f);
  gpu::sync_threads();
  gpu::atomic_add(&counter, step);
  gpu::sync_threads();
  if (t == 0)
    out[0] = counter;
}

// The same with a warp shuffle between the branches.
// CHECK-LABEL: .entry {{.*}}shuffle_once
// CHECK: shfl.sync
// CHECK-NOT: shfl.sync
// CHECK: ret;
[[gpu::kernel, gpu::launch_contract(1, 32)]] void shuffle_once(int *out) {
  uint32_t t = gpu::thread_idx().x;
  int v = int(t);
  if (t == 0)
    v = 100;
  v = gpu::warp::shfl_down(v, 1);
  if (t == 0)
    out[0] = v;
}
