// Plain multiply-add expressions (a*b+c) in float and double, whose results
// depend on FMA contraction. The host never contracts (x86-64 without -mfma
// has no FMA instruction); alloy++ does by default, so build.sh compiles
// the GPU side with -fmad=false. Each case also computes the explicitly
// fused form with std::fma, which must match whatever the flags.
#define DIFF_FAMILY "fp_contract"
#include "harness.hpp"

#include <cmath>

namespace diff::fp_contract {

DIFF_CASE(muladd_f32, diff::exact) {
  out.f[0] = in.f * in.g + in.h;
  out.f[1] = std::fma(in.f, in.g, in.h);
  out.f[2] = in.f * in.g - in.h;
  out.f[3] = in.h - in.f * in.g;
}

DIFF_CASE(muladd_f64, diff::exact) {
  out.x[0] = in.x * in.y + in.z;
  out.x[1] = std::fma(in.x, in.y, in.z);
}

float dot3(float a0, float a1, float a2, float b0, float b1, float b2) {
  return a0 * b0 + a1 * b1 + a2 * b2;
}
DIFF_CASE(dot3_f32, diff::exact) {
  out.f[0] = dot3(in.f, in.g, in.h, in.g, in.h, in.f);
  out.f[1] = std::fma(in.f, in.g, std::fma(in.g, in.h, in.h * in.f));
}

double horner(double x, double c0, double c1, double c2, double c3) {
  return ((c3 * x + c2) * x + c1) * x + c0;
}
DIFF_CASE(horner_f64, diff::exact) {
  double x = in.x / 1024.0;
  out.x[0] = horner(x, in.y, in.z, 0.5, -0.25);
  out.x[1] = std::fma(std::fma(std::fma(-0.25, x, 0.5), x, in.z), x, in.y);
}

// (a + bi)(c + di)
DIFF_CASE(complex_mul_f32, diff::exact) {
  float a = in.f, b = in.g, c = in.h, d = in.f - in.g;
  out.f[0] = a * c - b * d;
  out.f[1] = a * d + b * c;
  out.f[2] = std::fma(a, c, -(b * d));
  out.f[3] = std::fma(a, d, b * c);
}

// Across statements: a product kept in a variable, then added.
DIFF_CASE(split_muladd_f32, diff::exact) {
  float p = in.f * in.g;
  float s = p + in.h;
  out.f[0] = s;
  out.f[1] = p;
  double q = in.x * in.y;
  out.x[0] = q + in.z;
  out.x[1] = q;
}

} // namespace diff::fp_contract
