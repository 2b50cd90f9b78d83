// A multiplicand fragment of float: m16n8k16 multiplies half or bfloat16
// (float operands are gpu::mma::tf32, of m16n8k8).
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/tensor_core.hpp>
using namespace gpu::mma;

[[gpu::kernel]] void k(float *out) {
  // CHECK: tensor_core.hpp:{{[0-9]+}}:{{[0-9]+}}: error: static assertion failed due to requirement 'detail::supported_multiplicand()': gpu::mma::fragment: this element type has no mma.sync of this shape (m16n8k16: half, bfloat16; m16n8k8: tf32; m16n8k32: int8_t, uint8_t, fp8_e4m3, fp8_e5m2)
  // CHECK: fragment-unsupported-type.cpp:[[@LINE+2]]:38: note: in instantiation of template class 'gpu::mma::fragment<gpu::mma::role::a, gpu::mma::m16n8k16, float>' requested here
  // CHECK: 1 error generated.
  fragment<role::a, m16n8k16, float> a{};
  out[0] = float(a.reg[0]);
}
