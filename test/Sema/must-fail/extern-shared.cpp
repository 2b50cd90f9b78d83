// Alloy's extern shared memory is gpu::dynamic_shared<T>(); CUDA's
// `extern __shared__ T name[]` (the porting layer's GNU spelling, an array
// of unknown bound) is accepted, other extern shared variables are not.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

[[gpu::kernel]] void k(float *o) {
  // CHECK: extern-shared.cpp:[[@LINE+1]]:5: error: the gpu::shared attribute cannot declare extern shared memory: use gpu::dynamic_shared<T>(), sized by the launch's shared_bytes (CUDA's `extern __shared__ T name[];` works with <gpu/cuda_compat.hpp>) [alloy:attr-shared-extern]
  [[gpu::shared]] extern float shared[];
  // CHECK: extern-shared.cpp:[[@LINE+1]]:18: error: the gpu::shared attribute cannot declare extern shared memory
  __attribute__((alloy_shared)) extern float scalar;
  __attribute__((alloy_shared)) extern float fine[];
  o[0] = fine[0] + scalar;
}
