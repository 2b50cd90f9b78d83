// RUN: %clangxx -fsyntax-only -Wno-unknown-attributes -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// A buffer of another element type is rejected, naming the one expected.
#include <gpu/gpu.hpp>

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 256)]]
void vecadd(std::span<const float> a, std::span<const float> b,
            gpu::disjoint_span<float> c) {}
} // namespace kernels

void run(gpu::stream &s, const gpu::prepared<kernels::vecadd> &p,
         gpu::device_buffer<float> &a, gpu::device_buffer<double> &b,
         gpu::device_buffer<float> &c) {
  (void)gpu::launch(s, p, a, b, c);
  // expected-error@*:* {{gpu::launch: argument 2 of kernel 'kernels::vecadd' (parameter type 'std::span<const float>') needs a buffer or gpu::device_ptr of its element type: gpu::device_buffer<float>; the argument is 'gpu::device_buffer<double>'}}
}
