// What the host object holds per launched kernel, kept small because a file
// can hold hundreds of kernel instances:
// - a kernel whose threads wait (a barrier) runs on the CPU device a thread
//   at a time: one optimized copy, called (not inlined) by
//   host_entry<K>::call, and the host function, whose address identifies
//   the kernel, only forwards to it;
// - an independent kernel keeps its unoptimized host function, and its
//   copy is inlined into the block loops;
// - the kernel's key for the runtime is a constant (no guard, no code);
// - launch_unchecked<K> is a call of a body shared by one signature;
// - the CPU device's barrier hook cannot throw: no landing pad around it.
// RUN: %alloy_cc1 -O2 -S -emit-llvm %s -o %t.ll
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
} // namespace k

void launch_all(gpu::stream &s, gpu::device_buffer<float> &a,
                gpu::device_buffer<float> &b, gpu::device_buffer<float> &c) {
  gpu::launch_config_1d cfg{64, 256};
  (void)gpu::launch_unchecked<k::add>(s, cfg, a, b, c);
  (void)gpu::launch_unchecked<k::reverse_tile>(s, cfg, a, c);
}

// CHECK-NOT: _ZGVZN3gpu6detail13kernel_key_of
// CHECK: @_ZZN3gpu6detail13kernel_key_ofITnDaXadL_ZN1k3add{{[^ ]*}} = linkonce_odr {{.*}}constant
// CHECK-NOT: _ZGVZN3gpu6detail13kernel_key_of

// The independent kernel: its own unoptimized body.
// CHECK: define {{.*}}void @_ZN1k3add{{[^(]*}}({{.*}}) [[ADD:#[0-9]+]]
// CHECK-NEXT: load volatile i8
// CHECK-NEXT: alloca

// The waiting kernel's host function forwards to its copy.
// CHECK-LABEL: define {{.*}}void @_ZN1k12reverse_tile{{[^(]*}}(
// CHECK-NEXT: load volatile i8
// CHECK-NEXT: call {{.*}}void @_ZN1k12reverse_tile{{[^(]*}}.alloy_cpu(
// CHECK-NEXT: ret void

// launch_unchecked<K> (inlined here) calls the shared body.
// CHECK-LABEL: define {{.*}}@_Z10launch_all
// CHECK-NOT: {{^}$}}
// CHECK: call {{.*}}prepare_and_marshal
// CHECK-NOT: prepare_kernel
// CHECK: {{^}$}}

// CHECK-LABEL: define {{.*}}host_entry{{.*}}k12reverse_tile{{.*}}6invoke
// CHECK-NOT: {{^}$}}
// CHECK: call {{.*}}void @_ZN1k12reverse_tile{{[^(]*}}.alloy_cpu(

// CHECK: define internal {{.*}}void @_ZN1k12reverse_tile{{[^(]*}}.alloy_cpu({{.*}}) {{.*}}[[COPY:#[0-9]+]] {
// CHECK-NOT: landingpad
// CHECK: {{^}$}}

// CHECK: attributes [[ADD]] = {{{.*}}optnone
// CHECK: attributes [[COPY]] = {{{.*}}noinline
// CHECK-NOT: optnone
// CHECK-SAME: }
