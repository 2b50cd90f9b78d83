// An unroll pragma in a kernel is answered by the GPU compile alone: once,
// by unrolling or by Alloy's warning naming the kernel. The host copy that
// the CPU device runs drops the request (HostLoopPragmas), so the host's
// optimizer no longer warns a second time at a line of Alloy's headers.
// Host code keeps its pragmas and the host's own warning.
// RUN: %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-gpu-arch=sm_90 2> %t.log
// RUN: FileCheck %s < %t.log
// RUN: not grep "launch_abi.hpp" %t.log
// RUN: not grep "contract_count" %t.log
// RUN: grep -c "could not transform a loop" %t.log | FileCheck %s --check-prefix=ONCE
// ONCE: {{^}}1{{$}}
// With line info the warning is at the loop.
// RUN: %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-gpu-arch=sm_90 -fplugin-arg-alloy-line-info 2>&1 | FileCheck %s --check-prefix=LINE
// LINE: host-loop-pragmas.cpp:[[@LINE+9]]:3: warning: Alloy could not transform a loop of 'unknown_count(float*, int)' as its pragma asked: loop not unrolled
// LINE-NOT: -lineinfo
#include <gpu/gpu.hpp>

// The trip count is unknown on both sides: one warning, the GPU's.
// CHECK-DAG: warning: Alloy could not transform a loop of 'unknown_count(float*, int)' as its pragma asked: loop not unrolled{{.*}} (compile with -lineinfo to see which loop)
[[gpu::kernel, gpu::launch_contract(1, 256)]] void unknown_count(float *x,
                                                                 int n) {
#pragma unroll
  for (int i = gpu::thread_idx().x; i < n; i += 256)
    x[i] *= 2.0f;
}

// The contract fixes the trip count on the GPU (four), not on the host.
[[gpu::kernel, gpu::launch_contract(1, 256)]] void contract_count(float *x) {
#pragma unroll
  for (int i = gpu::thread_idx().x; i < 1024; i += 256)
    x[i] *= 2.0f;
}

// A host loop's pragma is the host's: its warning stays.
// CHECK-DAG: host-loop-pragmas.cpp:[[@LINE+1]]:{{[0-9]+}}: warning: loop not unrolled
[[gnu::noinline]] void host_loop(float *x, int n) {
#pragma unroll
  for (int i = 0; i < n; ++i)
    x[i] *= 2.0f;
}

int main(int argc, char **) {
  gpu::context ctx = gpu::context::create().value();
  auto a = gpu::prepare<unknown_count>(ctx, gpu::launch_config_1d{1, 256});
  auto b = gpu::prepare<contract_count>(ctx, gpu::launch_config_1d{1, 256});
  float x[4] = {};
  host_loop(x, argc);
  return a.has_value() + b.has_value();
}
