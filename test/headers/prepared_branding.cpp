// RUN: %clangxx -fsyntax-only -Wno-unknown-attributes -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// A prepared<K> launches only K, even for a kernel of the same signature.
#include <gpu/gpu.hpp>

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 256)]] void a(float *out) {}
[[gpu::kernel, gpu::launch_contract(1, 256)]] void b(float *out) {}
} // namespace kernels

void run(gpu::stream &s, const gpu::prepared<kernels::a> &pa,
         gpu::device_buffer<float> &out) {
  gpu::prepared<kernels::b> pb = pa; // expected-error {{no viable conversion}}
  (void)gpu::launch<kernels::b>(s, pa, out); // expected-error {{no matching function}}
}
