// <gpu/hopper.hpp>: mbarrier init/arrive/try_wait (the blocking waits are
// loops around mbarrier.try_wait), expect_tx, inval, fence.proxy.async,
// fence.mbarrier_init and elect.sync in the PTX for sm_90 (ptxas checks
// it). Below sm_90 the sm_90 instructions are an error naming the target.
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-gpu-arch=sm_90 -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s < %t/mbarrier.ptx
// RUN: not %alloy_cc1 -O2 -c %s -o %t.sm80.o -fplugin-arg-alloy-gpu-arch=sm_80 2>&1 | FileCheck %s --check-prefix=SM80
#include <gpu/gpu.hpp>
#include <gpu/hopper.hpp>

// CHECK-LABEL: .entry {{.*}}handoff
// CHECK: mbarrier.init.shared.b64
// CHECK: fence.mbarrier_init.release.cluster;
// CHECK: bar.sync 0;
// CHECK: elect.sync
// CHECK: fence.proxy.async.shared::cta;
// CHECK: mbarrier.arrive.shared.b64
// CHECK: mbarrier.try_wait.parity.shared.b64 [[P:%p[0-9]+]],
// CHECK-NEXT: not.pred [[NP:%p[0-9]+]], [[P]];
// CHECK-NEXT: @[[NP]] bra
// CHECK: mbarrier.arrive.expect_tx.shared.b64
// CHECK: mbarrier.expect_tx.relaxed.cta.shared.b64
// CHECK: mbarrier.try_wait.shared.b64
// The read of the handed-over data stays after the acquiring wait.
// CHECK: ld.shared.b32
// CHECK: st.global.b32
// CHECK: mbarrier.inval.shared.b64
// SM80: 'alloy.fence_mbarrier_init' op (fence.mbarrier_init) needs sm_90 or newer (--gpu-arch=sm_90); the lowest target is sm_80
[[gpu::kernel]] void handoff(int *out, unsigned phase) {
  [[gpu::shared]] gpu::mbarrier bar;
  [[gpu::shared]] int data[32];
  unsigned t = gpu::thread_idx().x;
  if (t == 0) {
    bar.init(32);
    gpu::fence_mbarrier_init();
  }
  gpu::sync_threads();
  if (t < 32) {
    if (gpu::elect_one())
      data[0] = 7;
    data[t] += int(t);
    gpu::fence_proxy_async();
    bar.arrive();
    bar.wait_parity(phase);
    gpu::mbarrier::token tok = bar.arrive_expect_tx(128);
    bar.expect_tx(64);
    bar.wait(tok);
    out[t] = data[(t + 1) % 32];
  }
  gpu::sync_threads();
  if (t == 0)
    bar.inval();
}
