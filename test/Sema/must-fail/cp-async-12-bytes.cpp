// gpu::cp_async<12>: cp.async copies 4, 8 or 16 bytes.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/tensor_core.hpp>

[[gpu::kernel]] void k(const float *in, float *out) {
  gpu::shared_array<float, 64> s;
  // CHECK: tensor_core.hpp:{{[0-9]+}}:{{[0-9]+}}: error: static assertion failed due to requirement '12 == 4 || 12 == 8 || 12 == 16': gpu::cp_async copies 4, 8 or 16 bytes
  // CHECK: cp-async-12-bytes.cpp:[[@LINE+2]]:8: note: in instantiation of function template specialization 'gpu::cp_async<12, gpu::cache::all, float>' requested here
  // CHECK: 1 error generated.
  gpu::cp_async<12>(gpu::shared_ptr_to(s), in);
  gpu::cp_async_wait_all();
  out[0] = s[0];
}
