// The host object's copies of the kernels, which the CPU device runs.
//
// Block loops: the CPU device runs a kernel whose threads never wait as
// loops over its blocks and threads in the host object
// (host_entry<K>::invoke_blocks). The bounds test of an elementwise kernel
// (`if (i < n)`, and the null test inside disjoint_span::get_mut) must not
// keep those loops scalar: the plugin's HostBlockLoops pass unswitches the
// invariant test and splits the range check off, so the thread loop
// vectorizes. A kernel whose threads wait (a barrier) runs a thread at a
// time, never through invoke_blocks: its block loops are a trap, with no
// copy of the kernel inlined.
//
// Size (a file can hold hundreds of kernel instances; checks COPIES):
// - a kernel whose threads wait has one optimized copy, called (not
//   inlined) by host_entry<K>::invoke, and its host function, whose address
//   identifies the kernel, only forwards to it;
// - an independent kernel keeps its unoptimized host function;
// - the kernel's key for the runtime is a constant (no guard, no code);
// - launch_unchecked<K> is a call of a body shared by one signature;
// - the CPU device's entries of a kernel (host_entry<K>) are one-line
//   calls of loops shared by one signature, which they inline with the
//   kernel as a constant (checks SHARED, before the optimizer);
// - the CPU device's barrier hook cannot throw: no landing pad around it.
//
// Without the CPU device (alloy++ --no-cpu-device; checks GPUONLY), each
// kernel's host function keeps only its address (a trap), as does every
// host_entry<K> member, so no host copy of a kernel is compiled; a direct
// call from host code still calls a copy.
// RUN: rm -rf %t && mkdir %t
// RUN: %alloy_cc1 -O2 -S -emit-llvm %s -o %t/host.ll
// RUN: FileCheck %s --check-prefix=HOST < %t/host.ll
// RUN: FileCheck %s --check-prefix=COPIES < %t/host.ll
// RUN: %alloy_cc1 -O2 -fplugin-arg-alloy-no-cpu-device -S -emit-llvm %s -o %t/gpu-only.ll
// RUN: FileCheck %s --check-prefix=GPUONLY < %t/gpu-only.ll
// RUN: %alloy_cc1 -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t/front.ll
// RUN: FileCheck %s --check-prefix=SHARED < %t/front.ll
// RUN: FileCheck %s --check-prefix=SHAREDCALL < %t/front.ll
// A kernel calling std::tanh is independent although libdevice's tanhf
// holds an inline asm (rcp.approx), which waits for no other thread.
// RUN: %alloy_cc1 -O2 -c %s -o %t/host.o
// RUN: llvm-objcopy --dump-section .alloy_metadata=%t/meta.txt %t/host.o
// RUN: FileCheck %s --check-prefix=META < %t/meta.txt
#include <gpu/gpu.hpp>

#include <cmath>

namespace k {
[[gpu::kernel]] void add(std::span<const float> a, std::span<const float> b,
                         gpu::disjoint_span<float> c) {
  auto i = gpu::thread::index_1d();
  if (float *o = c.get_mut(i))
    *o = a[i.get()] + b[i.get()];
}

[[gpu::kernel]] void sub(std::span<const float> a, std::span<const float> b,
                         gpu::disjoint_span<float> c) {
  auto i = gpu::thread::index_1d();
  if (float *o = c.get_mut(i))
    *o = a[i.get()] - b[i.get()];
}

[[gpu::kernel]] void saxpy(float a, std::span<const float> x, float *y) {
  size_t i = gpu::thread::index_1d().get();
  if (i < x.size())
    y[i] = a * x[i] + y[i];
}

[[gpu::kernel]] void reverse_tile(std::span<const float> x, float *y) {
  gpu::shared_array<float, 256> tile;
  uint32_t t = gpu::thread_idx().x;
  tile[t] = x[gpu::thread::index_1d().get()];
  gpu::sync_threads();
  y[gpu::thread::index_1d().get()] = tile[255 - t];
}

[[gpu::kernel]] void tanh_all(std::span<const float> x,
                              gpu::disjoint_span<float> y) {
  auto i = gpu::thread::index_1d();
  if (float *o = y.get_mut(i))
    *o = std::tanh(x[i.get()]);
}

[[gpu::kernel]] void scale(float a, float *y) { y[0] *= a; }
} // namespace k

void launch_all(gpu::stream &s, gpu::device_buffer<float> &a,
                gpu::device_buffer<float> &b, gpu::device_buffer<float> &c) {
  gpu::launch_config_1d cfg{64, 256};
  (void)gpu::launch_unchecked<k::add>(s, cfg, a, b, c);
  (void)gpu::launch_unchecked<k::sub>(s, cfg, a, b, c);
  (void)gpu::launch_unchecked<k::saxpy>(s, cfg, 2.0f, a, c);
  (void)gpu::launch_unchecked<k::tanh_all>(s, cfg, a, c);
  (void)gpu::launch_unchecked<k::reverse_tile>(s, cfg, a, c);
}

float scale_on_host(float a, float y) {
  k::scale(a, &y);
  return y;
}

// HOST-LABEL: define {{.*}}host_entry{{.*}}k3add{{.*}}13invoke_blocks
// HOST: fadd <4 x float>
// HOST: {{^}$}}
// HOST-LABEL: define {{.*}}host_entry{{.*}}k5saxpy{{.*}}13invoke_blocks
// HOST: load <4 x float>
// HOST: {{^}$}}
// HOST-LABEL: define {{.*}}host_entry{{.*}}k12reverse_tile{{.*}}13invoke_blocks
// HOST-NEXT: tail call void @llvm.trap()
// HOST-NEXT: unreachable
// HOST-NEXT: {{^}$}}

// Five kernels, four signatures: four block loops.
// SHARED-COUNT-4: define {{.*}}@_ZN3gpu6detail12thread_entryI{{.*}}6blocks
// SHARED-NOT: define {{.*}}@_ZN3gpu6detail12thread_entryI{{.*}}6blocks
// SHAREDCALL-LABEL: define {{.*}}host_entry{{.*}}k3sub{{.*}}13invoke_blocks
// SHAREDCALL: call {{.*}}@_ZN3gpu6detail12thread_entryI{{.*}}6blocks{{.*}}(ptr {{.*}}@_ZN1k3sub
// SHAREDCALL: {{^}$}}

// META: kernel _ZN1k3add{{[^ ]*}} k::add
// META-NEXT: independent
// META: kernel _ZN1k12reverse_tile{{[^ ]*}} k::reverse_tile
// META-NOT: independent
// META: kernel _ZN1k8tanh_all{{[^ ]*}} k::tanh_all
// META-NEXT: independent

// COPIES-NOT: _ZGVZN3gpu6detail13kernel_key_of
// COPIES: @_ZZN3gpu6detail13kernel_key_ofITnDaXadL_ZN1k3add{{[^ ]*}} = linkonce_odr {{.*}}constant
// COPIES-NOT: _ZGVZN3gpu6detail13kernel_key_of

// The independent kernel: its own unoptimized body.
// COPIES: define {{.*}}void @_ZN1k3add{{[^(]*}}({{.*}}) [[ADD:#[0-9]+]]
// COPIES-NEXT: load volatile i8
// COPIES-NEXT: alloca

// The waiting kernel's host function forwards to its copy.
// COPIES-LABEL: define {{.*}}void @_ZN1k12reverse_tile{{[^(]*}}(
// COPIES-NEXT: load volatile i8
// COPIES-NEXT: call {{.*}}void @_ZN1k12reverse_tile{{[^(]*}}.alloy_cpu(
// COPIES-NEXT: ret void

// launch_unchecked<K> (inlined here) calls the shared body.
// COPIES-LABEL: define {{.*}}@_Z10launch_all
// COPIES-NOT: {{^}$}}
// COPIES: call {{.*}}prepare_and_marshal
// COPIES-NOT: prepare_kernel
// COPIES: {{^}$}}

// COPIES-LABEL: define {{.*}}host_entry{{.*}}k12reverse_tile{{.*}}6invoke
// COPIES-NOT: {{^}$}}
// COPIES: call {{.*}}void @_ZN1k12reverse_tile{{[^(]*}}.alloy_cpu(

// COPIES: define internal {{.*}}void @_ZN1k12reverse_tile{{[^(]*}}.alloy_cpu({{.*}}) {{.*}}[[COPY:#[0-9]+]] {
// COPIES-NOT: landingpad
// COPIES: {{^}$}}

// COPIES: attributes [[ADD]] = {{{.*}}optnone
// COPIES: attributes [[COPY]] = {{{.*}}noinline
// COPIES-NOT: optnone
// COPIES-SAME: }

// GPUONLY: @__alloy_metadata = {{.*}}c"arch sm_{{[0-9]+}}\0Ano_cpu_device\0A

// GPUONLY-LABEL: define {{.*}}void @_ZN1k3add{{[^(]*}}(
// GPUONLY-NEXT: load volatile i8
// GPUONLY-NEXT: {{(tail )?}}call void @llvm.trap()
// GPUONLY-NEXT: unreachable

// GPUONLY-LABEL: define {{.*}}void @_ZN1k12reverse_tile{{[^(]*}}(
// GPUONLY-NEXT: load volatile i8
// GPUONLY-NEXT: {{(tail )?}}call void @llvm.trap()
// GPUONLY-NEXT: unreachable

// The direct call: the copy, inlined.
// GPUONLY-LABEL: define {{.*}}@_Z13scale_on_hostff(
// GPUONLY-NOT: call
// GPUONLY: fmul float
// GPUONLY: {{^}$}}

// GPUONLY-LABEL: define {{.*}}host_entry{{.*}}k3add{{.*}}6invoke
// GPUONLY-NEXT: {{(tail )?}}call void @llvm.trap()
// GPUONLY-LABEL: define {{.*}}host_entry{{.*}}k3add{{.*}}13invoke_blocks
// GPUONLY-NEXT: {{(tail )?}}call void @llvm.trap()
// GPUONLY-LABEL: define {{.*}}host_entry{{.*}}k12reverse_tile{{.*}}6invoke
// GPUONLY-NEXT: {{(tail )?}}call void @llvm.trap()

// GPUONLY-NOT: alloy_cpu
// GPUONLY: @__alloy_register_device_image
