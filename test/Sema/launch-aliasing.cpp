// The spec's aliasing launch: the same buffer as an output and an input.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s
#include <gpu/gpu.hpp>

namespace kernels {
[[gpu::kernel, gpu::launch_bounds(256), gpu::launch_contract(1, 256)]]
void vecadd(std::span<const float> a, std::span<const float> b,
            gpu::disjoint_span<float> c) {
  auto idx = gpu::thread::index_1d();
  if (float* c_elem = c.get_mut(idx)) *c_elem = a[idx.get()] + b[idx.get()];
}
// Written to work in place: the output may be an input's buffer.
[[gpu::kernel, gpu::launch_contract(1, 256)]]
void scale(std::span<const float> a, [[gpu::may_alias]] gpu::disjoint_span<float> c) {
  auto idx = gpu::thread::index_1d();
  if (float* c_elem = c.get_mut(idx)) *c_elem = 2 * a[idx.get()];
}
// CHECK: launch-aliasing.cpp:[[@LINE+1]]:{{[0-9]+}}: error: gpu::may_alias marks a kernel's output parameter (T*, std::span<T> or gpu::disjoint_span<T>) that may overlap its inputs
[[gpu::kernel]] void misplaced([[gpu::may_alias]] std::span<const float> a, float *b) {
  b[0] = a[0];
}
}  // namespace kernels

void run(gpu::context& ctx, gpu::stream& stream) {
  auto b_dev = gpu::device_buffer<float>::zeroed(stream, 16).value();
  auto c_dev = gpu::device_buffer<float>::zeroed(stream, 16).value();
  auto& c_ref = c_dev;
  auto prepared = gpu::prepare<kernels::vecadd>(ctx, gpu::launch_config_1d{1, 256}).value();
  // CHECK: launch-aliasing.cpp:[[@LINE+1]]:{{[0-9]+}}: error: 'c_dev' is the output 'c' of kernels::vecadd and also input 'a' (if the kernel is written to work in place, mark 'c' {{\[\[}}gpu::may_alias]])
  (void)gpu::launch(stream, prepared, c_dev, b_dev, c_dev);
  // Through a reference bound to it, too.
  // CHECK: launch-aliasing.cpp:[[@LINE+1]]:{{[0-9]+}}: error: 'c_dev' is the output 'c' of kernels::vecadd and also input 'b'
  (void)gpu::launch(stream, prepared, b_dev, c_ref, c_dev);
  // An in-place kernel may get one buffer for both.
  auto scaled = gpu::prepare<kernels::scale>(ctx, gpu::launch_config_1d{1, 256}).value();
  (void)gpu::launch(stream, scaled, c_dev, c_dev);
  // Distinct buffers are fine.
  // CHECK-NOT: error:
  (void)gpu::launch(stream, prepared, b_dev, b_dev, c_dev);
}
