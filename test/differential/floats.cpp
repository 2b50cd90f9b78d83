// Float and double semantics: the correctly rounded operations (+ - * /
// sqrt fma), conversions between integers and floating point (out-of-range
// values clamped first: those conversions are undefined), comparisons with
// NaN and -0.0, denormals. Everything here is exact on both sides.
//
// No expression here multiplies and then adds (a*b+c): those are in
// fp_contract.cpp, so that this family is unaffected by FMA contraction.
#define DIFF_FAMILY "floats"
#include "harness.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace diff::floats {

// ---------------------------------------------------------- helpers --
// NaN test without <cmath>.
template <class T> bool is_nan(T v) { return v != v; }

// A divisor that is never zero (x / 0 is undefined in C++).
float nonzero(float v) { return v == 0.0f ? 0.75f : v; }
double nonzero(double v) { return v == 0.0 ? 0.75 : v; }

// ------------------------------------------------------- arithmetic --

DIFF_CASE(f32_arith, diff::exact) {
  float a = in.f, b = in.g;
  out.f[0] = a + b;
  out.f[1] = a - b;
  out.f[2] = a * b;
  out.f[3] = a / nonzero(b);
}

DIFF_CASE(f64_arith, diff::exact) {
  double a = in.x, b = in.y;
  out.x[0] = a + b;
  out.x[1] = a - b;
  double p = a * b;
  double q = a / nonzero(b);
  out.r[0] = p == q;
  out.f[0] = float(p > 1e30 || p < -1e30 ? 0.0 : p); // in range of float
  out.f[1] = float(q > 1e30 || q < -1e30 ? 0.0 : q);
  out.x[0] = out.x[0] + 0.0; // -0 + 0 = +0
  out.x[1] = p;
}

DIFF_CASE(f64_mul_div, diff::exact) {
  double a = in.x, b = in.y, c = in.z;
  out.x[0] = (a * b) * c;
  out.x[1] = (a / nonzero(b)) / nonzero(c);
}

DIFF_CASE(f32_sqrt, diff::exact) {
  out.f[0] = std::sqrt(in.f); // negative: NaN
  out.f[1] = std::sqrt(in.g < 0 ? -in.g : in.g);
  out.f[2] = sqrtf(in.h);
}

DIFF_CASE(f64_sqrt, diff::exact) {
  out.x[0] = std::sqrt(in.x);
  out.x[1] = sqrt(in.y < 0 ? -in.y : in.y);
}

DIFF_CASE(f32_fma, diff::exact) {
  out.f[0] = std::fma(in.f, in.g, in.h);
  out.f[1] = fmaf(in.f, in.g, -in.h);
  out.f[2] = std::fma(-in.f, in.f, in.g); // exact residual tricks
}

DIFF_CASE(f64_fma, diff::exact) {
  out.x[0] = std::fma(in.x, in.y, in.z);
  double p = in.x * in.y;
  out.x[1] = fma(in.x, in.y, -p); // the rounding error of the product
}

// ------------------------------------------------------ comparisons --

template <class T> uint64_t compare_bits(T a, T b) {
  uint64_t m = 0;
  m |= uint64_t(a < b) << 0;
  m |= uint64_t(a <= b) << 1;
  m |= uint64_t(a == b) << 2;
  m |= uint64_t(a != b) << 3;
  m |= uint64_t(a > b) << 4;
  m |= uint64_t(a >= b) << 5;
  m |= uint64_t(!(a < b)) << 6;
  m |= uint64_t(a != a) << 7; // NaN
  m |= uint64_t(a == -b) << 8;
  m |= uint64_t(a < 0) << 9; // -0.0 < 0 is false
  m |= uint64_t(a == 0) << 10;
  return m;
}
DIFF_CASE(f32_compare, diff::exact) {
  out.r[0] = compare_bits(in.f, in.g);
  out.r[1] = compare_bits(in.f, in.f);
  out.r[2] = compare_bits(-in.f, in.f);
}
DIFF_CASE(f64_compare, diff::exact) {
  out.r[0] = compare_bits(in.x, in.y);
  out.r[1] = compare_bits(in.x, double(in.f));
  out.r[2] = compare_bits(in.y, -in.y);
}

// A comparison between a float and an integer converts the integer.
DIFF_CASE(mixed_int_float_compare, diff::exact) {
  int32_t i = int32_t(in.c);
  int64_t l = int64_t(in.a);
  uint64_t m = 0;
  m |= uint64_t(in.f < i) << 0; // int -> float (rounds)
  m |= uint64_t(in.f == i) << 1;
  m |= uint64_t(in.x < l) << 2;          // int64 -> double (rounds)
  m |= uint64_t(in.x == double(i)) << 3; // exact
  m |= uint64_t(in.f > in.d) << 4;       // uint32 -> float
  m |= uint64_t(in.x >= in.b) << 5;      // uint64 -> double
  out.r[0] = m;
}

// -------------------------------------------- float -> int, clamped --

int32_t to_i32(float v) {
  if (is_nan(v))
    return 0;
  if (v <= -2147483648.0f)
    return std::numeric_limits<int32_t>::min();
  if (v >= 2147483648.0f)
    return std::numeric_limits<int32_t>::max();
  return int32_t(v);
}
uint32_t to_u32(float v) {
  if (!(v > -1.0f))
    return 0;
  if (v >= 4294967296.0f)
    return 0xffffffffu;
  return uint32_t(v);
}
int64_t to_i64(double v) {
  if (is_nan(v))
    return 0;
  if (v <= -9223372036854775808.0)
    return std::numeric_limits<int64_t>::min();
  if (v >= 9223372036854775808.0)
    return std::numeric_limits<int64_t>::max();
  return int64_t(v);
}
uint64_t to_u64(double v) {
  if (!(v > -1.0))
    return 0;
  if (v >= 18446744073709551616.0)
    return ~uint64_t(0);
  return uint64_t(v);
}
DIFF_CASE(f32_to_int, diff::exact) {
  out.r[0] = uint64_t(int64_t(to_i32(in.f)));
  out.r[1] = to_u32(in.g);
  out.r[2] = uint64_t(to_i64(double(in.f)));
  float h = in.h;
  out.r[3] =
      (is_nan(h) || h <= -129.0f || h >= 128.0f)
          ? 0
          : uint64_t(int64_t(int8_t(h))) ^ uint64_t(uint8_t(h < 0 ? -h : h));
}
DIFF_CASE(f64_to_int, diff::exact) {
  out.r[0] = uint64_t(to_i64(in.x));
  out.r[1] = to_u64(in.y);
  double z = in.z;
  out.r[2] = (is_nan(z) || z <= -2147483649.0 || z >= 2147483648.0)
                 ? 7
                 : uint64_t(int64_t(int32_t(z)));
  out.r[3] = (is_nan(z) || !(z > -1.0) || z >= 4294967296.0) ? 9 : uint32_t(z);
}
// Values near the integer boundaries, from integers (never out of range).
DIFF_CASE(float_int_boundaries, diff::exact) {
  double d = double(int64_t(in.a)); // rounds: may be 2^63
  out.r[0] = uint64_t(to_i64(d));
  float f = float(int32_t(in.c)); // rounds: may be 2^31
  out.r[1] = uint64_t(int64_t(to_i32(f)));
  out.r[2] = to_u64(double(in.b));
  out.r[3] = to_u32(float(in.d));
}

// ------------------------------------------------ int -> floating --

DIFF_CASE(int_to_f32, diff::exact) {
  out.f[0] = float(int32_t(in.c)); // rounds to nearest even above 2^24
  out.f[1] = float(in.d);
  out.f[2] = float(int64_t(in.a));
  out.f[3] = float(in.b);
}
DIFF_CASE(int_to_f64, diff::exact) {
  out.x[0] = double(int64_t(in.a));
  out.x[1] = double(in.b);
  out.r[0] = double(int32_t(in.c)) == double(in.c) ? 1u : 0u;
  out.f[0] = float(int16_t(in.e)); // exact
  out.f[1] = float(uint8_t(in.e)) + 0.5f;
}

// ----------------------------------------------- double <-> float --

// Doubles beyond float's range would be undefined; they become +-inf here
// (3.4028235677973366e38 is the largest double that rounds to FLT_MAX).
float narrow(double v) {
  if (v > 3.4028235677973366e38)
    return std::numeric_limits<float>::infinity();
  if (v < -3.4028235677973366e38)
    return -std::numeric_limits<float>::infinity();
  return float(v);
}
DIFF_CASE(f64_to_f32, diff::exact) {
  out.f[0] = narrow(in.x);
  out.f[1] = narrow(in.y);
  out.f[2] = narrow(double(in.f) * 1.0000001); // just off a float
  out.x[0] = double(in.g);                     // exact widening
  out.x[1] = double(narrow(in.z));
}

// Mixed-precision expressions: float op double is computed in double.
DIFF_CASE(mixed_promotion, diff::exact) {
  float f = in.f;
  double d = in.x;
  out.x[0] = f + d;
  out.x[1] = f * d;
  out.f[0] = f * 3; // int -> float
  out.f[1] = f / 3;
  out.f[2] = narrow(f / 3.0); // computed in double, then narrowed
  out.f[3] = f + 1u;
}

// ---------------------------------------------- signed zero, NaNs --

DIFF_CASE(signed_zero, diff::exact) {
  float z = in.f == 0 ? in.f : 0.0f; // +0 or -0
  out.f[0] = -z;
  out.f[1] = z + -0.0f; // -0 + -0 = -0, +0 + -0 = +0
  out.f[2] = z * -1.0f;
  out.f[3] = z - z; // +0
  double w = in.x == 0 ? in.x : -0.0;
  out.x[0] = w * in.y; // sign of zero times anything
  out.x[1] = 1.0 / nonzero(in.y) * 0.0;
  out.r[0] =
      uint64_t(z == -z) | (uint64_t(1.0f / (z == 0 ? 1.0f : z) > 0) << 1);
}

// NaN in conditions: every comparison is false, a NaN is "true".
int classify(float v) {
  if (v)
    return v > 0 ? 1 : (v < 0 ? -1 : 2); // 2: NaN
  return 0;
}
DIFF_CASE(nan_conditions, diff::exact) {
  out.r[0] = uint64_t(int64_t(classify(in.f)));
  out.r[1] = uint64_t(int64_t(classify(in.g)));
  out.r[2] = uint64_t(!in.x) | (uint64_t(in.x ? 1 : 0) << 1) |
             (uint64_t(in.x && in.y) << 2) | (uint64_t(in.x || in.y) << 3);
  float m = in.f > in.g ? in.f : in.g; // NaN handling of a hand-made max
  out.f[0] = m;
  out.f[1] = in.f < in.g ? in.f : in.g;
}

DIFF_CASE(std_min_max_float, diff::exact) {
  out.f[0] = std::min(in.f, in.g); // (b < a) ? b : a, NaN included
  out.f[1] = std::max(in.f, in.g);
  out.x[0] = std::min(in.x, in.y);
  out.x[1] = std::max(in.x, in.y);
  out.f[2] = std::clamp(in.h, -1.0f, 1.0f); // NaN stays NaN
}

// Denormal inputs and results (no flush to zero on either side).
DIFF_CASE(denormals, diff::exact) {
  float tiny = 1.17549435e-38f; // FLT_MIN
  out.f[0] = in.f * 1.0e-30f;
  out.f[1] = in.g * tiny;
  out.f[2] = (in.h * 0x1p-140f) * 0x1p100f; // rounding in the denormal range
  out.f[3] = in.f / 0x1p126f;
  out.x[0] = in.x * 0x1p-1060;
  out.x[1] = (in.y * 0x1p-1070) * 0x1p1000;
}

// Overflow to infinity, underflow to zero, in division.
DIFF_CASE(division_ranges, diff::exact) {
  float b = nonzero(in.g);
  out.f[0] = in.f / b;
  out.f[1] = 1.0f / b;
  out.f[2] = in.f / 3.0f;
  out.x[0] = in.x / nonzero(in.y);
  out.x[1] = -1.0 / nonzero(in.z);
}

// Truncation of negative values and small fractions through casts.
DIFF_CASE(cast_truncation, diff::exact) {
  float v = in.f;
  v = is_nan(v) ? 0.5f : std::clamp(v, -1000.0f, 1000.0f);
  int t = int(v); // toward zero
  out.r[0] = uint64_t(int64_t(t));
  out.f[0] = float(t);
  out.f[1] = v - float(t);                        // the fraction, exact
  out.r[1] = uint64_t(int64_t(int(v / 2048.0f))); // 0, -0.x -> 0
  unsigned u = v < 0 ? 0u : unsigned(v);
  out.r[2] = u;
}

// A loop of additions: the order of rounding must be kept.
DIFF_CASE(sum_loop, diff::exact) {
  float acc = 0.0f;
  const float terms[3] = {in.f, in.g, in.h};
  for (int k = 0; k < 12; ++k)
    acc += terms[k % 3] / float(k + 1);
  out.f[0] = acc;
  double dacc = 0.0;
  for (int k = 0; k < 10; ++k)
    dacc = dacc + in.x - in.y / double(k + 2);
  out.x[0] = dacc;
}

// Exactness of integer round trips through floating point.
DIFF_CASE(integral_check, diff::exact) {
  double d = in.x;
  bool integral_d =
      !is_nan(d) && d > -9.0e18 && d < 9.0e18 && double(int64_t(d)) == d;
  float f = in.f;
  bool integral_f =
      !is_nan(f) && f > -2.0e9f && f < 2.0e9f && float(int32_t(f)) == f;
  out.r[0] = uint64_t(integral_d) | (uint64_t(integral_f) << 1);
  out.x[0] = integral_d ? d : double(int64_t(in.a));
}

// Negation and absolute value written with operators only.
DIFF_CASE(neg_abs_operators, diff::exact) {
  out.f[0] = -in.f;
  out.f[1] = in.f < 0 ? -in.f : in.f; // -0.0 stays -0.0
  out.x[0] = -in.x;
  out.x[1] = +in.x;
  out.f[2] = -(in.g - in.h);
  out.f[3] = in.h - in.g;
}

// Negation flips the sign bit of every value, NaNs too (IEEE 754): PTX's
// neg.f32 gives the GPU's canonical NaN (alloy-exact-negation).
DIFF_CASE(negation_bits, diff::exact) {
  out.r[0] = std::bit_cast<uint32_t>(-in.f);
  out.r[1] = std::bit_cast<uint64_t>(-in.x);
  out.r[2] = uint64_t(std::signbit(-in.g)) | uint64_t(std::signbit(-in.y)) << 1;
  out.r[3] = std::bit_cast<uint32_t>(std::copysign(1.0f, -in.h));
  float n = -in.f;
  out.f[0] = n;                  // (NaN == NaN here: r[0] holds its bits)
  out.f[1] = in.g < 0 ? n : -in.h; // through a select
}

} // namespace diff::floats
