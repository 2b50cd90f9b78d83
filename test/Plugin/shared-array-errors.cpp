// RUN: %alloy_cc1 -fsyntax-only -Xclang -verify %s
#include <gpu/gpu.hpp>

[[gpu::kernel]] void initialized(float *out) {
  gpu::shared_array<float, 4> tile{}; // expected-error {{a gpu::shared_array cannot have an initializer: shared memory starts uninitialized, as in CUDA}}
  out[0] = tile[0];
}
[[gpu::kernel]] void ranged(int *out, int n) {
  switch (n) {
  case 1 ... 3: // expected-error {{Alloy cannot compile a case range in device code}}
    out[0] = 1;
  }
}
