// RUN: %clangxx -fsyntax-only -Wno-unknown-attributes -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// A host pointer is not device memory, for inputs and raw outputs alike.
#include <gpu/gpu.hpp>

namespace kernels {
[[gpu::kernel]] void scale(float *out, const float *in, uint32_t n) {}
} // namespace kernels

void run(gpu::stream &s, gpu::device_buffer<float> &out, const float *host) {
  (void)gpu::launch_unchecked<kernels::scale>(s, gpu::launch_config_1d{1, 32},
                                              out, host, 4u);
  // expected-error@*:* {{gpu::launch: argument 2 of kernel 'kernels::scale' (parameter type 'const float *') takes device memory, but the argument is a plain pointer: pass a gpu::device_buffer, or a pointer to device memory (from gpu::malloc_device or CUDA) as gpu::device_ptr(p)}}
}
