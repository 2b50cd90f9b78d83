// gpu::cp_async_wait<8>: cp.async.wait_group takes 0 to 7.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/tensor_core.hpp>

[[gpu::kernel]] void k(float *out) {
  // CHECK: tensor_core.hpp:{{[0-9]+}}:{{[0-9]+}}: error: static assertion failed due to requirement '8 <= 7': gpu::cp_async_wait<N>: N is 0 to 7
  // CHECK: cp-async-wait-8.cpp:[[@LINE+2]]:8: note: in instantiation of function template specialization 'gpu::cp_async_wait<8>' requested here
  // CHECK: 1 error generated.
  gpu::cp_async_wait<8>();
  out[0] = 1;
}
