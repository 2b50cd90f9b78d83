// The CPU device runs a kernel whose threads never wait as loops over its
// blocks and threads in the host object (host_entry<K>::invoke_blocks).
// The bounds test of an elementwise kernel (`if (i < n)`, and the null test
// inside disjoint_span::get_mut) must not keep those loops scalar: the
// plugin's HostBlockLoops pass unswitches the invariant test and splits the
// range check off, so the thread loop vectorizes. A kernel whose threads
// wait (a barrier) runs a thread at a time, never through invoke_blocks:
// its block loops are a trap, with no copy of the kernel inlined.
// RUN: rm -rf %t && mkdir %t
// RUN: %alloy_cc1 -O2 -S -emit-llvm %s -o %t/host.ll
// RUN: FileCheck %s --check-prefix=HOST < %t/host.ll
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
} // namespace k

void launch_all(gpu::stream &s, gpu::device_buffer<float> &a,
                gpu::device_buffer<float> &b, gpu::device_buffer<float> &c) {
  gpu::launch_config_1d cfg{64, 256};
  (void)gpu::launch_unchecked<k::add>(s, cfg, a, b, c);
  (void)gpu::launch_unchecked<k::saxpy>(s, cfg, 2.0f, a, c);
  (void)gpu::launch_unchecked<k::tanh_all>(s, cfg, a, c);
  (void)gpu::launch_unchecked<k::reverse_tile>(s, cfg, a, c);
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

// META: kernel _ZN1k3add{{[^ ]*}} k::add
// META-NEXT: independent
// META: kernel _ZN1k12reverse_tile{{[^ ]*}} k::reverse_tile
// META-NOT: independent
// META: kernel _ZN1k8tanh_all{{[^ ]*}} k::tanh_all
// META-NEXT: independent
