// CUDA's directed-rounding intrinsics (<gpu/cuda_compat.hpp>): add, sub,
// mul, fma, div, rcp and sqrt in float and double, and double to float,
// rounded to nearest, toward zero, up and down. The GPU runs libdevice's
// (one PTX instruction each: add.rz.f64, ...); the host sets the rounding
// mode of the same operation. Every result is exact on both sides.
#define DIFF_FAMILY "rounding"
#include "harness.hpp"

#include <gpu/cuda_compat.hpp>

#include <bit>

namespace diff::rounding {

// The bits of a result, every NaN as one (x86 keeps an input NaN's payload,
// the GPU gives its canonical NaN: both are right).
uint64_t bits(double v) {
  return v != v ? 0x7ff8000000000000u : std::bit_cast<uint64_t>(v);
}

// A divisor or a square root's operand that is never zero or negative
// (the edge cases are the same in every mode, and covered elsewhere).
float positive(float v) { return v < 0 ? -v : v == 0 ? 0.75f : v; }
double positive(double v) { return v < 0 ? -v : v == 0 ? 0.75 : v; }

DIFF_CASE(f32_add_sub, diff::exact) {
  float a = in.f, b = in.g;
  out.f[0] = __fadd_rz(a, b);
  out.f[1] = __fadd_ru(a, b);
  out.f[2] = __fsub_rd(a, b);
  out.f[3] = __fsub_rz(a, b) + __fsub_ru(a, b) * 0.0f;
}

DIFF_CASE(f32_rcp_sqrt, diff::exact) {
  float a = positive(in.f);
  out.f[0] = __frcp_rz(a);
  out.f[1] = __frcp_ru(a);
  out.f[2] = __fsqrt_rd(a);
  out.f[3] = __fsqrt_ru(a);
}

DIFF_CASE(f64_add_sub_mul, diff::exact) {
  double a = in.x, b = in.y;
  out.x[0] = __dadd_rd(a, b);
  out.x[1] = __dmul_ru(a, b);
  out.r[0] = bits(__dsub_rz(a, b));
  out.r[1] = bits(__dadd_ru(a, b));
  out.r[2] = bits(__dmul_rz(a, b));
  out.r[3] = bits(__dsub_rd(a, b));
}

DIFF_CASE(f64_fma_div, diff::exact) {
  double a = in.x, b = in.y, c = in.z;
  out.x[0] = __fma_rd(a, b, c);
  out.x[1] = __ddiv_ru(a, positive(b));
  out.r[0] = bits(__fma_rz(a, b, c));
  out.r[1] = bits(__ddiv_rz(a, positive(b)));
  out.r[2] = bits(__fma_ru(a, b, c));
  out.r[3] = bits(__ddiv_rd(a, positive(b)));
}

DIFF_CASE(f64_rcp_sqrt, diff::exact) {
  double a = positive(in.x);
  out.x[0] = __drcp_rd(a);
  out.x[1] = __dsqrt_ru(a);
  out.r[0] = bits(__drcp_rz(a));
  out.r[1] = bits(__drcp_ru(a));
  out.r[2] = bits(__dsqrt_rz(a));
  out.r[3] = bits(__dsqrt_rd(a));
}

DIFF_CASE(f64_to_f32, diff::exact) {
  out.f[0] = __double2float_rn(in.x);
  out.f[1] = __double2float_rz(in.x);
  out.f[2] = __double2float_ru(in.x);
  out.f[3] = __double2float_rd(in.x);
}

} // namespace diff::rounding
