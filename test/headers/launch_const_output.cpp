// RUN: %clangxx -fsyntax-only -Wno-unknown-attributes -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// An output needs a non-const buffer: disjoint_span<T> and T* alike.
#include <gpu/gpu.hpp>

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 256)]]
void vecadd(std::span<const float> a, std::span<const float> b,
            gpu::disjoint_span<float> c) {}
[[gpu::kernel]] void fill(int *out, int value) {}
} // namespace kernels

void run(gpu::stream &s, const gpu::prepared<kernels::vecadd> &p,
         const gpu::device_buffer<float> &a, const gpu::device_buffer<float> &c,
         const gpu::device_buffer<int> &ints) {
  (void)gpu::launch(s, p, a, a, c);
  // expected-error@*:* {{gpu::launch: argument 3 of kernel 'kernels::vecadd' (parameter type 'gpu::disjoint_span<float>') is an output, so it needs a non-const gpu::device_buffer or gpu::device_ptr<T>, but the argument is const; the argument is 'const gpu::device_buffer<float>'}}
  (void)gpu::launch_unchecked<kernels::fill>(s, gpu::launch_config_1d{1, 1},
                                             ints, 0);
  // expected-error@*:* {{gpu::launch: argument 1 of kernel 'kernels::fill' (parameter type 'int *') is an output}}
}
