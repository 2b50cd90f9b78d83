// Built without the CPU device (alloy++ --no-cpu-device), the host object
// keeps each kernel's host function only for its address: its body, and
// every host_entry<K> member that would run it on the CPU device, is a
// trap, so no host copy of the kernel is compiled. A direct call from host
// code still calls a copy.
// RUN: %alloy_cc1 -O2 -fplugin-arg-alloy-no-cpu-device -S -emit-llvm %s -o %t.ll
// RUN: FileCheck %s < %t.ll
#include <gpu/gpu.hpp>

namespace k {
[[gpu::kernel]] void add(std::span<const float> a, std::span<const float> b,
                         gpu::disjoint_span<float> c) {
  auto i = gpu::thread::index_1d();
  if (float *o = c.get_mut(i))
    *o = a[i.get()] + b[i.get()];
}

[[gpu::kernel]] void reverse_tile(std::span<const float> x, float *y) {
  gpu::shared_array<float, 256> tile;
  uint32_t t = gpu::thread_idx().x;
  tile[t] = x[gpu::thread::index_1d().get()];
  gpu::sync_threads();
  y[gpu::thread::index_1d().get()] = tile[255 - t];
}

[[gpu::kernel]] void scale(float a, float *y) { y[0] *= a; }
} // namespace k

void launch_all(gpu::stream &s, gpu::device_buffer<float> &a,
                gpu::device_buffer<float> &b, gpu::device_buffer<float> &c) {
  gpu::launch_config_1d cfg{64, 256};
  (void)gpu::launch_unchecked<k::add>(s, cfg, a, b, c);
  (void)gpu::launch_unchecked<k::reverse_tile>(s, cfg, a, c);
}

float scale_on_host(float a, float y) {
  k::scale(a, &y);
  return y;
}

// CHECK: @__alloy_metadata = {{.*}}c"arch sm_{{[0-9]+}}\0Ano_cpu_device\0A

// CHECK-LABEL: define {{.*}}void @_ZN1k3add{{[^(]*}}(
// CHECK-NEXT: load volatile i8
// CHECK-NEXT: {{(tail )?}}call void @llvm.trap()
// CHECK-NEXT: unreachable

// CHECK-LABEL: define {{.*}}void @_ZN1k12reverse_tile{{[^(]*}}(
// CHECK-NEXT: load volatile i8
// CHECK-NEXT: {{(tail )?}}call void @llvm.trap()
// CHECK-NEXT: unreachable

// The direct call: the copy, inlined.
// CHECK-LABEL: define {{.*}}@_Z13scale_on_hostff(
// CHECK-NOT: call
// CHECK: fmul float
// CHECK: {{^}$}}

// CHECK-LABEL: define {{.*}}host_entry{{.*}}k3add{{.*}}6invoke
// CHECK-NEXT: {{(tail )?}}call void @llvm.trap()
// CHECK-LABEL: define {{.*}}host_entry{{.*}}k3add{{.*}}13invoke_blocks
// CHECK-NEXT: {{(tail )?}}call void @llvm.trap()
// CHECK-LABEL: define {{.*}}host_entry{{.*}}k12reverse_tile{{.*}}6invoke
// CHECK-NEXT: {{(tail )?}}call void @llvm.trap()

// CHECK-NOT: alloy_cpu
// CHECK: @__alloy_register_device_image
