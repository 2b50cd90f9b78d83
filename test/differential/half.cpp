// _Float16 and __bf16: conversions and arithmetic. Clang on x86-64
// evaluates _Float16/__bf16 expressions in float ("excess precision") and
// rounds to the narrow type at assignments, casts and returns; the GPU must
// give the same bits. Results are stored as float (exact), so NaNs compare
// equal whatever their payload.
//
// Values beyond the narrow type's range are clamped to infinity first
// (an out-of-range floating conversion is undefined). No a*b+c shapes here
// (FMA contraction: see fp_contract.cpp).
#define DIFF_FAMILY "half"
#include "harness.hpp"

#include <cstdint>
#include <limits>

namespace diff::half {

// Into _Float16's range: beyond it (|v| >= 65520 rounds to infinity), +-inf.
constexpr float inf = std::numeric_limits<float>::infinity();
float h_range(float v) {
  if (v >= 65520.0f)
    return inf;
  if (v <= -65520.0f)
    return -inf;
  return v;
}
_Float16 to_h(float v) { return _Float16(h_range(v)); }
// bfloat16 has float's exponent range: every finite float is in range.
__bf16 to_bf(float v) { return __bf16(v); }

DIFF_CASE(f16_convert, diff::exact) {
  out.f[0] = float(to_h(in.f)); // round to nearest even, denormals, inf
  out.f[1] = float(to_h(in.g * 0x1p-20f)); // the denormal range of half
  out.f[2] = float(to_h(float(int32_t(in.c % 70000) - 35000)));
  double d = in.x;
  if (d >= 65520.0)
    d = double(inf);
  if (d <= -65520.0)
    d = -double(inf);
  out.f[3] = float(_Float16(d)); // double -> half directly: one rounding
}

DIFF_CASE(f16_arith, diff::exact) {
  _Float16 a = to_h(in.f), b = to_h(in.g);
  _Float16 s = a + b, d = a - b, p = a * b;
  _Float16 q = a / (b == 0 ? _Float16(1) : b);
  out.f[0] = float(s);
  out.f[1] = float(d);
  out.f[2] = float(p);
  out.f[3] = float(q);
}

// Excess precision: a + b + c is computed in float and rounded once.
DIFF_CASE(f16_excess_precision, diff::exact) {
  _Float16 a = to_h(in.f), b = to_h(in.g), c = to_h(in.h);
  _Float16 once = a + b + c;
  _Float16 ab = a + b;
  _Float16 twice = ab + c;             // rounded after a + b
  _Float16 cast = _Float16(a * b) * c; // the cast rounds the product
  _Float16 prod = a * b * c;
  out.f[0] = float(once);
  out.f[1] = float(twice);
  out.f[2] = float(cast);
  out.f[3] = float(prod);
}

DIFF_CASE(f16_compare, diff::exact) {
  _Float16 a = to_h(in.f), b = to_h(in.g);
  out.r[0] = uint64_t(a < b) | uint64_t(a == b) << 1 | uint64_t(a > b) << 2 |
             uint64_t(a != a) << 3 | uint64_t(a <= b) << 4;
  out.r[1] = uint64_t(a == to_h(in.f + 0.0001f)); // equal after rounding?
}

DIFF_CASE(f16_int_conversions, diff::exact) {
  _Float16 a = to_h(in.f);
  float fa = float(a);
  out.r[0] = (fa == fa && fa > -32769.0f && fa < 32768.0f)
                 ? uint64_t(int64_t(int16_t(a)))
                 : 1;
  out.r[1] =
      (fa == fa && fa > -1.0f && fa < 65536.0f) ? uint64_t(uint16_t(a)) : 2;
  out.f[0] = float(_Float16(int16_t(in.c)));       // rounds above 2048
  out.f[1] = float(_Float16(uint16_t(in.d) >> 1)); // < 32768: in range
}

DIFF_CASE(bf16_convert, diff::exact) {
  out.f[0] = float(to_bf(in.f));
  out.f[1] = float(to_bf(in.g * 0x1p-100f)); // denormals
  out.f[2] = float(to_bf(float(int32_t(in.c))));
  out.f[3] = float(
      __bf16(in.x > 3.38e38 || in.x < -3.38e38 ? 0.0 : in.x)); // double -> bf16
}

DIFF_CASE(bf16_arith, diff::exact) {
  __bf16 a = to_bf(in.f), b = to_bf(in.g);
  __bf16 s = a + b, d = a - b, p = a * b;
  __bf16 q = a / (b == 0 ? __bf16(1) : b);
  out.f[0] = float(s);
  out.f[1] = float(d);
  out.f[2] = float(p);
  out.f[3] = float(q);
}

DIFF_CASE(bf16_excess_precision, diff::exact) {
  __bf16 a = to_bf(in.f), b = to_bf(in.g), c = to_bf(in.h);
  __bf16 once = a + b + c;
  __bf16 ab = a + b;
  __bf16 twice = ab + c;
  out.f[0] = float(once);
  out.f[1] = float(twice);
  out.r[0] = uint64_t(a < b) | uint64_t(a == b) << 1;
}

// Mixed: _Float16 with float and double operands (usual arithmetic
// conversions), and a half <-> bfloat conversion through float.
DIFF_CASE(mixed_narrow_types, diff::exact) {
  _Float16 h = to_h(in.f);
  __bf16 b = to_bf(in.g);
  float f = h + in.h;  // float arithmetic
  double d = h * in.x; // double arithmetic
  out.f[0] = f;
  out.x[0] = d;
  out.f[1] = float(to_bf(float(h)));
  out.f[2] = float(to_h(float(b)));
}

struct HalfPair {
  _Float16 lo, hi;
};
DIFF_CASE(half_in_structs_and_arrays, diff::exact) {
  HalfPair p{to_h(in.f), to_h(in.g)};
  _Float16 arr[4] = {p.lo, p.hi, to_h(in.h), _Float16(1.5f)};
  _Float16 acc = 0;
  for (_Float16 v : arr)
    acc += v; // rounded at every +=
  out.f[0] = float(acc);
  out.r[0] = sizeof(HalfPair) + sizeof(arr) * 10;
  out.f[1] = float(p.hi) + float(p.lo); // float arithmetic
}

} // namespace diff::half
