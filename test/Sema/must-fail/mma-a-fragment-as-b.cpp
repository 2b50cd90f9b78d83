// gpu::mma::mma(acc, b, a): the A and B fragments swapped. The catch-all
// overload's static_asserts name each argument in the wrong role.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/tensor_core.hpp>
using namespace gpu::mma;

[[gpu::kernel]] void k(float *out) {
  fragment<role::a, m16n8k16, gpu::half> a{};
  fragment<role::b, m16n8k16, gpu::half> b{};
  fragment<role::accumulator, m16n8k16, float> acc{};
  // CHECK: tensor_core.hpp:{{[0-9]+}}:{{[0-9]+}}: error: static assertion failed due to requirement 'gpu::mma::fragment<gpu::mma::role::b, gpu::mma::m16n8k16, gpu::basic_half<_Float16>>::role == gpu::mma::role::a': gpu::mma::mma: the second argument must be a fragment of role::a (it is another role)
  // CHECK: mma-a-fragment-as-b.cpp:[[@LINE+3]]:3: note: in instantiation of function template specialization 'gpu::mma::mma<gpu::mma::fragment<gpu::mma::role::accumulator, gpu::mma::m16n8k16, float>, gpu::mma::fragment<gpu::mma::role::b, gpu::mma::m16n8k16, gpu::basic_half<_Float16>>, gpu::mma::fragment<gpu::mma::role::a, gpu::mma::m16n8k16, gpu::basic_half<_Float16>>>' requested here
  // CHECK: tensor_core.hpp:{{[0-9]+}}:{{[0-9]+}}: error: static assertion failed due to requirement 'gpu::mma::fragment<gpu::mma::role::a, gpu::mma::m16n8k16, gpu::basic_half<_Float16>>::role == gpu::mma::role::b': gpu::mma::mma: the third argument must be a fragment of role::b (it is another role)
  // CHECK: 2 errors generated.
  mma(acc, b, a);
  out[0] = acc[0];
}
