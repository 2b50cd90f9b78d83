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
// Over ptxas's 48 KiB of declared shared memory (a mutant of
// examples/llmc_layernorm/shfl_scan.cpp reached ptxas with 1.7 MB).
[[gpu::kernel]] void shared_too_large(unsigned *out) {
  [[gpu::shared]] unsigned sums[49153][9]; // expected-error {{the [[gpu::shared]] variable of 1769508 bytes exceeds the 48 KiB of shared memory a block may declare in code (ptxas's limit); for more, use gpu::dynamic_shared<T>() and the launch's shared_bytes}}
  out[0] = sums[0][0];
}
[[gpu::kernel]] void shared_array_too_large(float *out) {
  gpu::shared_array<float, 12289> tile; // expected-error {{a gpu::shared_array of 49156 bytes exceeds the 48 KiB}}
  out[0] = tile[0];
}
[[gpu::kernel]] void shared_at_limit(float *out) {
  [[gpu::shared]] float tile[12288]; // exactly 48 KiB: accepted
  out[0] = tile[0];
}
