// Copies of a 16-byte record are one 128-bit load and one 128-bit store, as
// nvcc emits a float4 copy: directly, and through a local (`F4 v = in[i];
// tile[t] = v;`, which alloy-forward-copies makes one copy from `in`).
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-gpu-arch=sm_90 -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s --check-prefix=ALLOY < %t/record-copies.alloy.inlined.mlir
// RUN: FileCheck %s < %t/record-copies.ptx
#include <gpu/gpu.hpp>

struct alignas(16) F4 {
  float x, y, z, w;
};

namespace k {
// ALLOY-LABEL: alloy.kernel @{{.*}}through_local
// ALLOY: alloy.memcpy %[[V:[0-9]+]], %[[IN:[0-9]+]], 16 align 16
// ALLOY: alloy.memcpy %{{[0-9]+}}, %[[IN]], 16 align 16
// CHECK-LABEL: .entry {{.*}}through_local
// CHECK: ld.global.nc.v4.b32
// CHECK: st.shared.v4.b32
// CHECK-NOT: ld.global.nc.b64
// CHECK: ld.shared.v4.b32
// CHECK: st.global.v4.b32
[[gpu::kernel, gpu::launch_contract(1, 256)]]
void through_local(const F4 *__restrict in, F4 *__restrict out) {
  [[gpu::shared]] F4 tile[256];
  uint32_t t = gpu::thread_idx().x;
  F4 v = in[t];
  tile[t] = v;
  gpu::sync_threads();
  out[t] = tile[255 - t];
}

// Eight bytes of alignment: two 64-bit accesses each way.
struct alignas(8) P4 {
  float x, y, z, w;
};
// CHECK-LABEL: .entry {{.*}}aligned8
// CHECK-COUNT-2: ld.global.nc.b64
// CHECK-COUNT-2: st.global.b64
[[gpu::kernel, gpu::launch_contract(1, 256)]]
void aligned8(const P4 *__restrict in, P4 *__restrict out) {
  uint32_t t = gpu::thread_idx().x;
  out[t] = in[t];
}
} // namespace k
