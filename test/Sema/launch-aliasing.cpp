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
}  // namespace kernels

void run(gpu::context& ctx, gpu::stream& stream) {
  auto b_dev = gpu::device_buffer<float>::zeroed(stream, 16).value();
  auto c_dev = gpu::device_buffer<float>::zeroed(stream, 16).value();
  auto& c_ref = c_dev;
  auto prepared = gpu::prepare<kernels::vecadd>(ctx, gpu::launch_config_1d{1, 256}).value();
  // CHECK: launch-aliasing.cpp:[[@LINE+1]]:{{[0-9]+}}: error: 'c_dev' is the output 'c' of kernels::vecadd and also input 'a'
  (void)gpu::launch(stream, prepared, c_dev, b_dev, c_dev);
  // Through a reference bound to it, too.
  // CHECK: launch-aliasing.cpp:[[@LINE+1]]:{{[0-9]+}}: error: 'c_dev' is the output 'c' of kernels::vecadd and also input 'b'
  (void)gpu::launch(stream, prepared, b_dev, c_ref, c_dev);
  // Distinct buffers are fine.
  // CHECK-NOT: error:
  (void)gpu::launch(stream, prepared, b_dev, b_dev, c_dev);
}
