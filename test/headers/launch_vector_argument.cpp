// RUN: %clangxx -fsyntax-only -Wno-unknown-attributes -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// A host container is not device memory.
#include <gpu/gpu.hpp>
#include <vector>

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 256)]]
void vecadd(std::span<const float> a, std::span<const float> b,
            gpu::disjoint_span<float> c) {}
} // namespace kernels

void run(gpu::stream &s, const gpu::prepared<kernels::vecadd> &p,
         std::vector<float> &a_host, gpu::device_buffer<float> &b,
         gpu::device_buffer<float> &c) {
  (void)gpu::launch(s, p, a_host, b, c);
  // expected-error@*:* {{gpu::launch: argument 1 of kernel 'kernels::vecadd' (parameter type 'std::span<const float>') takes device memory, but the argument is a host container: copy it with gpu::device_buffer<T>::from_host and pass the buffer; the argument is 'std::vector<float>'}}
}
