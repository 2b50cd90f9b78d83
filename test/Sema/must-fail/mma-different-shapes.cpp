// gpu::mma::mma with an m16n8k8 accumulator and m16n8k16 multiplicands.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/tensor_core.hpp>
using namespace gpu::mma;

[[gpu::kernel]] void k(float *out) {
  fragment<role::a, m16n8k16, gpu::half> a{};
  fragment<role::b, m16n8k16, gpu::half> b{};
  fragment<role::accumulator, m16n8k8, float> acc{};
  // CHECK: tensor_core.hpp:{{[0-9]+}}:{{[0-9]+}}: error: static assertion failed due to requirement 'std::is_same_v<gpu::mma::m16n8k16, gpu::mma::m16n8k8>': gpu::mma::mma: the fragments have different shapes
  // CHECK: mma-different-shapes.cpp:[[@LINE+2]]:3: note: in instantiation of function template specialization 'gpu::mma::mma<gpu::mma::fragment<gpu::mma::role::accumulator, gpu::mma::m16n8k8, float>, gpu::mma::fragment<gpu::mma::role::a, gpu::mma::m16n8k16, gpu::basic_half<_Float16>>, gpu::mma::fragment<gpu::mma::role::b, gpu::mma::m16n8k16, gpu::basic_half<_Float16>>>' requested here
  // CHECK: 1 error generated.
  mma(acc, a, b);
  out[0] = acc[0];
}
