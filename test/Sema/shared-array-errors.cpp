// RUN: %alloy_cc1 -fsyntax-only -Xclang -verify %s
#include <gpu/gpu.hpp>

[[gpu::kernel]] void initialized(float *out) {
  gpu::shared_array<float, 4> tile{}; // expected-error {{a gpu::shared_array cannot have an initializer: shared memory starts uninitialized, as in CUDA}}
  out[0] = tile[0];
}
[[gpu::kernel]] void ranged(int *out, int n) {
  switch (n) {
  case 1 ... 3: // expected-error {{case ranges cannot be used in device code}}
    out[0] = 1;
  }
}
[[gpu::kernel]] void shared_scalar_initialized(float *out) {
  [[gpu::shared]] float total = 0; // expected-error {{a [[gpu::shared]] variable cannot have an initializer}}
  out[0] = total;
}
