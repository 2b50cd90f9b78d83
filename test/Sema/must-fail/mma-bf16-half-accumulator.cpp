// bfloat16 multiplicands with a half accumulator: mma.sync m16n8k16 has
// f16 accumulators only for f16 multiplicands.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/tensor_core.hpp>
using namespace gpu::mma;

[[gpu::kernel]] void k(float *out) {
  fragment<role::a, m16n8k16, gpu::bfloat16> a{};
  fragment<role::b, m16n8k16, gpu::bfloat16> b{};
  fragment<role::accumulator, m16n8k16, gpu::half> acc{};
  // CHECK: tensor_core.hpp:{{[0-9]+}}:{{[0-9]+}}: error: static assertion failed due to requirement 'detail::supported()': gpu::mma::mma: PTX's mma.sync has no such combination of shape, multiplicand and accumulator types
  // CHECK: mma-bf16-half-accumulator.cpp:[[@LINE+2]]:3: note: in instantiation of function template specialization 'gpu::mma::mma<gpu::mma::m16n8k16, gpu::basic_half<__bf16>, gpu::basic_half<_Float16>>' requested here
  // CHECK: 1 error generated.
  mma(acc, a, b);
  out[0] = acc[0];
}
