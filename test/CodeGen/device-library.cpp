// The device library for ported CUDA code: cache-policy loads and stores,
// a scalar in shared memory, warp and block reductions and scans.
// RUN: %alloy_cc1 -fsyntax-only -fplugin-arg-alloy-print-alloy %s | FileCheck %s
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-gpu-arch=sm_90 -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s --check-prefix=PTX < %t/device-library.ptx
#include <gpu/gpu.hpp>
#include <gpu/cuda_compat.hpp>

// One shared float, and the collectives' own shared slots.
// CHECK-DAG: alloy.shared_memory @__shared_{{[0-9]+}}_total_{{.*}} : f32, align 4
// CHECK-DAG: alloy.shared_memory @__shared_{{[0-9]+}}_slots__ZN3gpu5block6reduce{{.*}} : !alloy.record<"gpu::detail::shared_bytes<132, 4>", 132, 4>
// CHECK-DAG: alloy.cached_load cs %{{.*}} : !alloy.ptr -> i32
// CHECK-DAG: alloy.cached_load nc %{{.*}} : !alloy.ptr -> i64
// CHECK-DAG: alloy.cached_store cs %{{.*}}, %{{.*}} : i32, !alloy.ptr
// CHECK-DAG: alloy.cached_load cg %{{.*}} : !alloy.ptr -> i128

struct alignas(16) Packed {
  float v[4];
};

// PTX-LABEL: .entry _ZN7kernels6reduceEPKfPKdPK6PackedPfi
// PTX-DAG: ld.global.cs.u32
// PTX-DAG: ld.global.nc.u64
// PTX-DAG: ld.global.cg.v4.u32
// PTX-DAG: st.global.cs.u32
// PTX-DAG: shfl.sync.bfly.b32
// PTX-DAG: shfl.sync.down.b32
// PTX-DAG: shfl.sync.up.b32
// PTX-DAG: bar.sync 0
namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 256)]]
void reduce(const float *in, const double *scale, const Packed *packed,
            float *out, int n) {
  [[gpu::shared]] float total;
  size_t i = gpu::thread::index_1d().get();
  float x = i < size_t(n) ? __ldcs(&in[i]) : 0.0f;
  double s = gpu::load_readonly(scale);
  Packed p = gpu::load_cache_global(packed);
  float sum = gpu::block::reduce(x, gpu::plus{});
  float best = gpu::warp::reduce(x, gpu::maximum{});
  float prefix = gpu::block::exclusive_scan(x, gpu::plus{}, 0.0f);
  if (gpu::thread_idx().x == 0)
    total = sum;
  gpu::sync_threads();
  if (i < size_t(n))
    __stcs(&out[i], total + best + prefix + float(s) + p.v[0]);
}
} // namespace kernels
