// alignas on shared and local variables is honoured (the 16-byte accesses
// of a float4-style tile rely on it); shared variables of 16 bytes and more
// are 16-byte aligned without it (cp.async<16> and ldmatrix of halves), and
// smaller ones keep their type's alignment.
// RUN: %alloy_cc1 -fsyntax-only -fplugin-arg-alloy-print-alloy %s | FileCheck %s
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s --check-prefix=PTX < %t/alignas.ptx
#include <gpu/gpu.hpp>

// CHECK-DAG: alloy.shared_memory @__shared_{{[0-9]+}}_tile_{{.*}} : !alloy.record<"float[256]", 1024, 4>, align 16
// CHECK-DAG: alloy.shared_memory @__shared_{{[0-9]+}}_halves_{{.*}} : !alloy.record<"unsigned short[64]", 128, 2>, align 16
// CHECK-DAG: alloy.shared_memory @__shared_{{[0-9]+}}_pair_{{.*}} : !alloy.record<"unsigned short[2]", 4, 2>, align 2
// CHECK: alloy.alloca !alloy.record<"float[4]", 16, 4>, align 16
// PTX: .shared .align 16 .b8 __shared_{{[0-9]+}}_tile_{{.*}}[1024];
namespace k {
[[gpu::kernel, gpu::launch_contract(1, 256)]] void tiles(float *out) {
  [[gpu::shared]] alignas(16) float tile[256];
  alignas(16) float local[4];
  uint32_t t = gpu::thread_idx().x;
  tile[t] = out[t];
  for (int i = 0; i < 4; ++i)
    local[i] = out[i + t];
  gpu::sync_threads();
  out[t] = tile[255 - t] + local[t % 4];
}

[[gpu::kernel, gpu::launch_contract(1, 64)]] void halves(unsigned short *out) {
  [[gpu::shared]] unsigned short halves[64];
  [[gpu::shared]] unsigned short pair[2];
  uint32_t t = gpu::thread_idx().x;
  halves[t] = out[t];
  if (t < 2)
    pair[t] = out[t];
  gpu::sync_threads();
  out[t] = halves[63 - t] + pair[t % 2];
}
} // namespace k

// A member read through a pointer to an over-aligned struct has the
// struct's alignment where its offset allows: the four floats of an
// alignas(16) struct are read as one 16-byte load, as nvcc reads them.
// PTX-LABEL: .entry _ZN1k6sum_v4EPKNS_2V4EPf
// PTX: ld.global{{(.nc)?}}.v4.{{[bf]}}32
// PTX-NOT: ld.global{{(.nc)?}}.{{[bf]}}32
// PTX: ret;
namespace k {
struct alignas(16) V4 {
  float x, y, z, w;
};
[[gpu::kernel]] void sum_v4(const V4 *in, float *out) {
  const V4 *p = in + gpu::thread_idx().x;
  out[gpu::thread_idx().x] = p->x + p->y + p->z + p->w;
}
} // namespace k
