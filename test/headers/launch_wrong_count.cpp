// RUN: %clangxx -fsyntax-only -Wno-unknown-attributes -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// A launch with too few arguments names the kernel and both counts.
#include <gpu/gpu.hpp>

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 256)]]
void vecadd(std::span<const float> a, std::span<const float> b,
            gpu::disjoint_span<float> c) {}
} // namespace kernels

void run(gpu::stream &s, const gpu::prepared<kernels::vecadd> &p,
         gpu::device_buffer<float> &a, gpu::device_buffer<float> &c) {
  (void)gpu::launch(s, p, a, c);
  // expected-error@*:* {{gpu::launch: kernel 'kernels::vecadd' takes 3 arguments, 2 were given}}
}
