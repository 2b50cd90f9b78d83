// gpu::shared_array, gpu::dynamic_shared, sync_threads and switch.
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s --check-prefix=ALLOY < %t/codegen-shared-switch.alloy.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t/codegen-shared-switch.ptx
// Shared memory is addressed with 32 bits, as nvcc does (p3:32 in the data
// layout; %r, not %rd, registers in the PTX).
// RUN: FileCheck %s --check-prefix=LAYOUT < %t/codegen-shared-switch.opt.ll
// RUN: FileCheck %s --check-prefix=SHARED32 < %t/codegen-shared-switch.ptx
// LAYOUT: target datalayout = "e-p3:32:32-
// SHARED32-NOT: {{(ld|st).shared.*\[%rd}}
// SHARED32: st.shared.b32 [%r{{[0-9]+}}]
// SHARED32-NOT: {{(ld|st).shared.*\[%rd}}
#include <gpu/gpu.hpp>

namespace kernels {
// ALLOY-DAG: alloy.shared_memory @__shared_{{[0-9]+}}_tile_{{.*}} : !alloy.record<"gpu::shared_array<float, 128>", 512, 4>, align 16
// PTX-DAG: .shared .align 16 .b8 __shared_{{[0-9]+}}_tile_{{.*}}[512];
// PTX-DAG: .extern .shared .align 16 .b8 __alloy_dynamic_shared[];
[[gpu::kernel, gpu::launch_contract(1, 128)]]
void stage(std::span<const float> in, gpu::disjoint_span<float> out) {
  gpu::shared_array<float, 128> tile;
  auto extra = gpu::dynamic_shared<float>();
  uint32_t t = gpu::thread_idx().x;
  tile[t] = in[gpu::thread::index_1d().get()];
  extra[t] = float(extra.size());
  // ALLOY: call @_ZN3gpu12sync_threadsEv()
  // PTX: bar.sync 0
  gpu::sync_threads();
  float v = tile[127 - t] + extra[t];
  // ALLOY: cf.switch
  switch (t % 4) {
  case 0:
    v *= 2.0f;
    break;
  case 1:
    v += 1.0f;
    [[fallthrough]];
  case 2:
    v -= 3.0f;
    break;
  default:
    break;
  }
  if (float *o = out.get_mut(gpu::thread::index_1d()))
    *o = v;
}
} // namespace kernels
// PTX: ld.shared
// ALLOY-LABEL: func.func private @_ZN3gpu12sync_threadsEv()
// ALLOY-NEXT: alloy.barrier
