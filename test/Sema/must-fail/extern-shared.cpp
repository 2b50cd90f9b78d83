// CUDA's extern __shared__ is gpu::dynamic_shared<T>() in Alloy.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

[[gpu::kernel]] void k(float *o) {
  // CHECK: extern-shared.cpp:[[@LINE+1]]:5: error: the gpu::shared attribute cannot declare extern shared memory: for CUDA's extern __shared__ use gpu::dynamic_shared<T>(), sized by the launch's shared_bytes [alloy:attr-shared-extern]
  [[gpu::shared]] extern float shared[];
  o[0] = 1;
}
