// Alignment the program promises (`std::assume_aligned`,
// `__builtin_assume_aligned`) or that the address arithmetic shows
// (alloy-infer-alignment) makes 16-byte records and float runs 128-bit
// accesses.
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-gpu-arch=sm_90 -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s --check-prefix=ALLOY < %t/assume-aligned.alloy.inlined.mlir
// RUN: FileCheck %s < %t/assume-aligned.ptx
#include <gpu/gpu.hpp>
#include <memory>

// Four floats, 4-byte aligned: copies of it are four 32-bit accesses unless
// its address is known to be more aligned.
struct P {
  float x, y, z, w;
};

namespace k {
// ALLOY-LABEL: alloy.kernel @{{.*}}promised_records
// ALLOY: alloy.assume_aligned %{{[0-9]+}}, 16 : !alloy.ptr
// ALLOY: alloy.memcpy %{{[0-9]+}}, %{{[0-9]+}}, 16 align 16
// CHECK-LABEL: .entry {{.*}}promised_records
// CHECK: ld.global.nc.v4.b32
// CHECK: st.global.v4.b32
[[gpu::kernel, gpu::launch_contract(1, 256)]] void
promised_records(const P *__restrict in, P *__restrict out) {
  uint32_t t = gpu::thread_idx().x;
  const P *from = std::assume_aligned<16>(in);
  P *to = std::assume_aligned<16>(out);
  to[t] = from[t];
}

// Only one side promised: the copy keeps the smaller alignment, four 32-bit
// loads and stores; LLVM joins the promised side's loads.
// ALLOY-LABEL: alloy.kernel @{{.*}}one_side
// ALLOY: alloy.memcpy %{{[0-9]+}}, %{{[0-9]+}}, 16 align 4
// CHECK-LABEL: .entry {{.*}}one_side
// CHECK: ld.global.nc.v4.b32
// CHECK-COUNT-4: st.global.b32
[[gpu::kernel, gpu::launch_contract(1, 256)]] void
one_side(const P *__restrict in, P *__restrict out) {
  uint32_t t = gpu::thread_idx().x;
  out[t] = std::assume_aligned<16>(in)[t];
}

// Four consecutive floats from promised pointers: LLVM joins them into one
// 128-bit load and store.
// CHECK-LABEL: .entry {{.*}}promised_floats
// CHECK: ld.global.nc.v4.b32
// CHECK: st.global.v4.b32
[[gpu::kernel, gpu::launch_contract(1, 256)]] void
promised_floats(const float *__restrict in, float *__restrict out) {
  uint32_t t = gpu::thread_idx().x;
  auto *from = static_cast<const float *>(__builtin_assume_aligned(in, 16));
  auto *to = static_cast<float *>(__builtin_assume_aligned(out, 16));
  for (int i = 0; i < 4; ++i)
    to[4 * t + i] = from[4 * t + i] * 2.0f;
}

// With an offset: `in - 1` is 16-byte aligned, so in[4 t + 3] starts a
// 16-byte group.
// ALLOY-LABEL: alloy.kernel @{{.*}}promised_offset
// ALLOY: alloy.assume_aligned %{{[0-9]+}}, 16 offset %{{.*}} : !alloy.ptr
// CHECK-LABEL: .entry {{.*}}promised_offset
// CHECK: ld.global.nc.v4.b32
[[gpu::kernel, gpu::launch_contract(1, 256)]] void
promised_offset(const float *__restrict in, float *__restrict out) {
  uint32_t t = gpu::thread_idx().x;
  auto *from = static_cast<const float *>(__builtin_assume_aligned(in, 16, 4));
  float sum = 0;
  for (int i = 0; i < 4; ++i)
    sum += from[4 * t + 3 + i];
  out[t] = sum;
}

// No promise: shared arrays declared 16-byte aligned, indexed by multiples
// of a record, are known 16-byte aligned at the Alloy level.
// ALLOY-LABEL: alloy.kernel @{{.*}}shared_records
// ALLOY: alloy.memcpy %{{[0-9]+}}, %{{[0-9]+}}, 16 align 16
// CHECK-LABEL: .entry {{.*}}shared_records
// CHECK: ld.shared.v4.b32
// CHECK: st.shared.v4.b32
[[gpu::kernel, gpu::launch_contract(1, 256)]] void
shared_records(const float *__restrict in, float *__restrict out) {
  [[gpu::shared]] alignas(16) P a[256];
  [[gpu::shared]] alignas(16) P b[256];
  uint32_t t = gpu::thread_idx().x;
  a[t].x = in[t];
  gpu::sync_threads();
  b[t] = a[255 - t];
  gpu::sync_threads();
  out[t] = b[t].x;
}
} // namespace k
