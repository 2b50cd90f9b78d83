// gpu::mma::mma with a half A fragment and a bfloat16 B fragment.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/tensor_core.hpp>
using namespace gpu::mma;

[[gpu::kernel]] void k(float *out) {
  fragment<role::a, m16n8k16, gpu::half> a{};
  fragment<role::b, m16n8k16, gpu::bfloat16> b{};
  fragment<role::accumulator, m16n8k16, float> acc{};
  // CHECK: tensor_core.hpp:{{[0-9]+}}:{{[0-9]+}}: error: static assertion failed due to requirement 'std::is_same_v<gpu::basic_half<_Float16>, gpu::basic_half<__bf16>>': gpu::mma::mma: the A and B fragments have different element types
  // CHECK: mma-different-element-types.cpp:[[@LINE+2]]:3: note: in instantiation of function template specialization 'gpu::mma::mma<gpu::mma::fragment<gpu::mma::role::accumulator, gpu::mma::m16n8k16, float>, gpu::mma::fragment<gpu::mma::role::a, gpu::mma::m16n8k16, gpu::basic_half<_Float16>>, gpu::mma::fragment<gpu::mma::role::b, gpu::mma::m16n8k16, gpu::basic_half<__bf16>>>' requested here
  // CHECK: 1 error generated.
  mma(acc, a, b);
  out[0] = acc[0];
}
