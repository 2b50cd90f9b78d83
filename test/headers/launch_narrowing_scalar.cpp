// RUN: %clangxx -fsyntax-only -Wno-unknown-attributes -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// Scalars convert only when no value is lost: an int literal does not
// become a uint32_t, a double does not become a float.
#include <gpu/gpu.hpp>

namespace kernels {
[[gpu::kernel]] void scale(float *out, uint32_t n, float factor) {}
} // namespace kernels

void run(gpu::stream &s, gpu::device_buffer<float> &out) {
  gpu::launch_config_1d cfg{1, 32};
  (void)gpu::launch_unchecked<kernels::scale>(s, cfg, out, 256, 2.0f);
  // expected-error@*:* {{gpu::launch: argument 2 of kernel 'kernels::scale' (parameter type 'unsigned int') would narrow the argument: the parameter's type cannot represent every value of the argument's type (write e.g. 256u for a uint32_t parameter); the argument is 'int' (a temporary)}}
  (void)gpu::launch_unchecked<kernels::scale>(s, cfg, out, 256u, 2.0);
  // expected-error@*:* {{argument 3 of kernel 'kernels::scale' (parameter type 'float') would narrow the argument}}
}
