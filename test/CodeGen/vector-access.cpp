// gpu::as_vectors: 16-byte loads and stores for the body of a span, scalar
// ones for its tail; the alignment test traps.
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-gpu-arch=sm_90 -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s < %t/vector-access.ptx
#include <gpu/gpu.hpp>

namespace kernels {
// CHECK-LABEL: .entry {{.*}}7vecadd4
// CHECK: ld.global.nc.v4.b32
// CHECK: ld.global.nc.v4.b32
// CHECK: st.global.v4.b32
// CHECK: ld.global.nc.b32
// CHECK: st.global.b32
// CHECK: trap;
[[gpu::kernel, gpu::launch_contract(1, 256)]]
void vecadd4(std::span<const float> a, std::span<const float> b,
             gpu::disjoint_span<float> c) {
  auto [a4, a_tail] = gpu::as_vectors<4>(a);
  auto [b4, b_tail] = gpu::as_vectors<4>(b);
  auto [c4, c_tail] = gpu::as_vectors<4>(c);
  auto i = gpu::thread::index_1d();
  if (auto *o = c4.get_mut(i)) {
    gpu::vec<float, 4> x = a4[i.get()], y = b4[i.get()], r;
    for (int k = 0; k < 4; ++k)
      r[k] = x[k] + y[k];
    *o = r;
  }
  if (float *o = c_tail.get_mut(i))
    *o = a_tail[i.get()] + b_tail[i.get()];
}

// Two doubles, or four halves: 16 and 8 bytes.
// CHECK-LABEL: .entry {{.*}}5pairs
// CHECK: ld.global.nc.v2.b64
// CHECK: st.global.v2.b64
[[gpu::kernel, gpu::launch_contract(1, 256)]]
void pairs(std::span<const double> a, gpu::disjoint_span<double> c) {
  auto [a2, a_tail] = gpu::as_vectors<2>(a);
  auto [c2, c_tail] = gpu::as_vectors<2>(c);
  auto i = gpu::thread::index_1d();
  if (auto *o = c2.get_mut(i)) {
    gpu::vec<double, 2> x = a2[i.get()];
    *o = {{x[0] * 2, x[1] * 2}};
  }
  if (double *o = c_tail.get_mut(i))
    *o = a_tail[i.get()] * 2;
}
} // namespace kernels
