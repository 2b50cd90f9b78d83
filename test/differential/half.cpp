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

#include <gpu/cuda_compat.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

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

// --- gpu::half, gpu::bfloat16, gpu::half2, gpu::bfloat162 (<gpu/half.hpp>)
// and CUDA's spellings (<gpu/cuda_compat.hpp>). On the host the packed
// operations run the fallbacks of <gpu/detail/tensor_intrinsics.hpp>, on
// the GPU PTX's .f16x2/.bf16x2 instructions. Half results go to f[] as
// float, where NaNs compare equal whatever their payload (the GPU returns
// the canonical NaN 0x7fff from arithmetic and conversions, the host the
// operand's payload, quieted, and its sign); bits go to
// r[] only where no NaN can come out (or its lanes are made canonical
// first). fma is always the explicit gpu::fma / __hfma2 (a*b+c could
// contract on the GPU).

// Operands: a 16-bit pattern from the integer fields (every value, NaNs
// and subnormals included) or a float field rounded, chosen by in.e's bits.
template <class T> T from_float(float v) {
  if constexpr (std::is_same_v<T, gpu::half>)
    return T(h_range(v));
  else
    return T(v);
}
template <class T> T operand(const diff::Input &in, int k) {
  switch (k) {
  case 0:
    return in.e & 1 ? T::from_bits(uint16_t(in.c)) : from_float<T>(in.f);
  case 1:
    return in.e & 2 ? T::from_bits(uint16_t(in.c >> 16)) : from_float<T>(in.g);
  default:
    return in.e & 4 ? T::from_bits(uint16_t(in.d)) : from_float<T>(in.h);
  }
}
template <class T2> T2 pair_operand(const diff::Input &in, int k) {
  using T = typename T2::value_type;
  switch (k) {
  case 0:
    return T2::from_bits(in.c);
  case 1:
    return in.e & 1 ? T2::from_bits(in.d)
                    : T2::from_floats(float(from_float<T>(in.f)),
                                      float(from_float<T>(in.g)));
  default:
    return T2::from_bits(uint32_t(in.a));
  }
}
// Divisors: no division by zero (undefined in C++; the sanitizer build
// checks), 1 instead.
template <class T> T nonzero(T h) { return h == T(0.0f) ? T(1.0f) : h; }
// NaN lanes as 0x7fff, so that bits compare whatever the payload.
template <class T> uint64_t canonical(T h) {
  return gpu::isnan(h) ? 0x7fff : h.bits();
}
template <class T2> uint64_t canonical2(T2 h) {
  return canonical(h.x) | canonical(h.y) << 16;
}

// Host only: operands of nearby exponents (sums that cancel, round at
// every position) and, for fma, c chosen so that a * b + c falls next to
// a midpoint of the format (where a second rounding would go wrong).
template <class S> uint16_t near_bits(uint16_t x, diff::rng &r) {
  constexpr int mant = std::is_same_v<S, _Float16> ? 10 : 7;
  constexpr int emax = std::is_same_v<S, _Float16> ? 31 : 255;
  int e = (x >> mant) & emax;
  e = std::clamp(e + int(r.range(-3, 3)), 0, emax - 1);
  return uint16_t((r.next32() & 0x8000) | (e << mant) |
                  (r.next32() & ((1u << mant) - 1)));
}
template <class S> S bits_to(uint16_t b) { return std::bit_cast<S>(b); }
template <class S> uint16_t to_bits(S v) { return std::bit_cast<uint16_t>(v); }
template <class S> uint16_t near_tie(uint16_t a, uint16_t b, diff::rng &r) {
  double p = double(float(bits_to<S>(a))) * double(float(bits_to<S>(b)));
  if (!(p > -1e300 && p < 1e300) || p == 0)
    return uint16_t(r.next32());
  double target = std::ldexp(p, int(r.range(-3, 3)));
  if (std::is_same_v<S, _Float16> && !(target > -65504 && target < 65504))
    return uint16_t(r.next32());
  uint16_t rb = to_bits(S(float(target)));
  S next = bits_to<S>(uint16_t(rb + 1));
  if (!std::isfinite(float(next)) || !std::isfinite(float(bits_to<S>(rb))))
    return uint16_t(r.next32());
  double mid = (double(float(bits_to<S>(rb))) + double(float(next))) / 2;
  double c = mid - p;
  if (std::is_same_v<S, _Float16> && !(c > -65504 && c < 65504))
    return uint16_t(r.next32());
  return to_bits(S(c)); // c: one double -> S rounding
}
template <class S> void narrow_operands(diff::Input &in, diff::rng &r) {
  auto lane = [](uint32_t w, int i) { return uint16_t(w >> (16 * i)); };
  if (r.chance(0.5)) { // in.d near in.c, lane by lane; in.c's halves near
    in.d = near_bits<S>(lane(in.c, 0), r) |
           uint32_t(near_bits<S>(lane(in.c, 1), r)) << 16;
    in.c = (in.c & 0xffffu) | uint32_t(near_bits<S>(lane(in.c, 0), r)) << 16;
  }
  if (r.chance(0.5)) // in.a: c of a * b + c next to a tie, both lanes
    in.a = near_tie<S>(lane(in.c, 0), lane(in.d, 0), r) |
           uint32_t(near_tie<S>(lane(in.c, 1), lane(in.d, 1), r)) << 16;
  if (r.chance(0.3)) // scalar operands: the patterns, not the floats
    in.e |= 7;
}
void half_operands(diff::Input &in, diff::rng &r) {
  narrow_operands<_Float16>(in, r);
}
void bf16_operands(diff::Input &in, diff::rng &r) {
  narrow_operands<__bf16>(in, r);
}

template <class T> void scalar_arith(const diff::Input &in, diff::Output &out) {
  T a = operand<T>(in, 0), b = operand<T>(in, 1);
  out.f[0] = float(a + b);
  out.f[1] = float(a - b);
  out.f[2] = float(a * b);
  out.f[3] = float(a / nonzero(b));
}
DIFF_CASE(half_class_arith, diff::exact, half_operands) {
  scalar_arith<gpu::half>(in, out);
}
DIFF_CASE(bf16_class_arith, diff::exact, bf16_operands) {
  scalar_arith<gpu::bfloat16>(in, out);
}

template <class T>
void scalar_fma_minmax(const diff::Input &in, diff::Output &out) {
  T a = operand<T>(in, 0), b = operand<T>(in, 1), c = operand<T>(in, 2);
  out.f[0] = float(gpu::fma(a, b, c));
  out.f[1] = float(gpu::hmin(a, b));
  out.f[2] = float(gpu::hmax(a, b));
  out.f[3] =
      float(gpu::fma(T::from_bits(uint16_t(in.c)), T::from_bits(uint16_t(in.d)),
                     T::from_bits(uint16_t(in.a))));
  out.r[0] = gpu::hmin_nan(a, b).bits() | uint64_t(gpu::hmax_nan(a, b).bits())
                                              << 16;
  out.r[1] = gpu::relu(a).bits();
  out.r[2] = canonical(-a) | canonical(gpu::abs(b)) << 16;
}
DIFF_CASE(half_class_fma_minmax, diff::exact, half_operands) {
  scalar_fma_minmax<gpu::half>(in, out);
}
DIFF_CASE(bf16_class_fma_minmax, diff::exact, bf16_operands) {
  scalar_fma_minmax<gpu::bfloat16>(in, out);
}

template <class T>
void scalar_compare(const diff::Input &in, diff::Output &out) {
  T a = operand<T>(in, 0), b = operand<T>(in, 1), c = operand<T>(in, 2);
  out.r[0] = uint64_t(a == b) | uint64_t(a != b) << 1 | uint64_t(a < b) << 2 |
             uint64_t(a <= b) << 3 | uint64_t(a > b) << 4 |
             uint64_t(a >= b) << 5 | uint64_t(gpu::isnan(a)) << 6 |
             uint64_t(gpu::isinf(a)) << 7 | uint64_t(gpu::isfinite(a)) << 8 |
             uint64_t(gpu::signbit(a) && !gpu::isnan(a)) << 9; // NaN: no sign
  T t = a;
  ++t;
  out.f[0] = float(t);
  t = b;
  t--;
  out.f[1] = float(t);
  t = a;
  t += b;
  t *= c;
  out.f[2] = float(t);
  t -= a;
  t /= nonzero(b);
  out.f[3] = float(t);
}
DIFF_CASE(half_class_compare, diff::exact, half_operands) {
  scalar_compare<gpu::half>(in, out);
}
DIFF_CASE(bf16_class_compare, diff::exact, bf16_operands) {
  scalar_compare<gpu::bfloat16>(in, out);
}

template <class T>
void scalar_convert(const diff::Input &in, diff::Output &out, double dmax) {
  double d = in.x;
  if (d >= dmax)
    d = double(inf);
  if (d <= -dmax)
    d = -double(inf);
  out.f[0] = float(T(d));             // double: one rounding
  out.f[1] = float(T(int32_t(in.c))); // integers: one rounding
  out.f[2] = float(T(int64_t(in.a)));
  out.f[3] = float(T(uint64_t(in.b)));
  out.r[0] = canonical(from_float<T>(in.f));
  out.r[1] = T(int16_t(in.d)).bits() | uint64_t(T(uint16_t(in.e)).bits()) << 16;
  float fa = float(operand<T>(in, 0));
  out.r[2] = (fa == fa && fa > -2147483648.0f && fa < 2147483648.0f)
                 ? uint64_t(int64_t(int32_t(fa)))
                 : 1;
}
DIFF_CASE(half_class_convert, diff::exact) {
  scalar_convert<gpu::half>(in, out, 65520.0);
}
DIFF_CASE(bf16_class_convert, diff::exact) {
  scalar_convert<gpu::bfloat16>(in, out, 3.38e38);
}

template <class T2>
void pair_add_sub(const diff::Input &in, diff::Output &out) {
  T2 a = pair_operand<T2>(in, 0), b = pair_operand<T2>(in, 1);
  T2 s = a + b, d = a - b;
  out.f[0] = s.low_float();
  out.f[1] = s.high_float();
  out.f[2] = d.low_float();
  out.f[3] = d.high_float();
  out.r[0] = canonical2(-a) | canonical2(gpu::abs(b)) << 32;
}
DIFF_CASE(half2_add_sub_neg_abs, diff::exact, half_operands) {
  pair_add_sub<gpu::half2>(in, out);
}
DIFF_CASE(bf162_add_sub_neg_abs, diff::exact, bf16_operands) {
  pair_add_sub<gpu::bfloat162>(in, out);
}

template <class T2>
void pair_mul_fma(const diff::Input &in, diff::Output &out) {
  T2 a = pair_operand<T2>(in, 0), b = pair_operand<T2>(in, 1),
     c = pair_operand<T2>(in, 2);
  T2 p = a * b, f = gpu::fma(a, b, c);
  out.f[0] = p.low_float();
  out.f[1] = p.high_float();
  out.f[2] = f.low_float();
  out.f[3] = f.high_float();
}
DIFF_CASE(half2_mul_fma, diff::exact, half_operands) {
  pair_mul_fma<gpu::half2>(in, out);
}
DIFF_CASE(bf162_mul_fma, diff::exact, bf16_operands) {
  pair_mul_fma<gpu::bfloat162>(in, out);
}

template <class T2>
void pair_min_max(const diff::Input &in, diff::Output &out) {
  T2 a = pair_operand<T2>(in, 0), b = pair_operand<T2>(in, 1);
  T2 lo = gpu::hmin(a, b), hi = gpu::hmax(a, b);
  out.f[0] = lo.low_float();
  out.f[1] = lo.high_float();
  out.f[2] = hi.low_float();
  out.f[3] = hi.high_float();
  out.r[0] = gpu::relu(a).bits() | uint64_t(gpu::relu(b).bits()) << 32;
  out.r[1] = gpu::hmin_nan(a, b).bits() | uint64_t(gpu::hmax_nan(a, b).bits())
                                              << 32;
}
DIFF_CASE(half2_min_max_relu, diff::exact, half_operands) {
  pair_min_max<gpu::half2>(in, out);
}
DIFF_CASE(bf162_min_max_relu, diff::exact, bf16_operands) {
  pair_min_max<gpu::bfloat162>(in, out);
}

template <class T2>
void pair_convert_compare(const diff::Input &in, diff::Output &out) {
  using T = typename T2::value_type;
  T2 a = pair_operand<T2>(in, 0), b = pair_operand<T2>(in, 1);
  float lo = in.f, hi = in.g;
  if constexpr (std::is_same_v<T, gpu::half>)
    lo = h_range(lo), hi = h_range(hi);
  out.r[0] = canonical2(T2::from_floats(lo, hi)); // cvt.rn.f16x2.f32
  auto [x, y] = a.to_floats();
  out.f[0] = x;
  out.f[1] = y;
  T2 q = a / T2(nonzero(b.x), nonzero(b.y));
  out.f[2] = q.low_float();
  out.f[3] = q.high_float();
  out.r[1] = gpu::lane_eq(a, b).bits() | uint64_t(gpu::lane_lt(a, b).bits())
                                             << 32;
  out.r[2] = gpu::lane_ne(a, b).bits() | uint64_t(gpu::lane_ge(a, b).bits())
                                             << 32;
  out.r[3] = uint64_t(a == b) | uint64_t(a != b) << 1 | uint64_t(a < b) << 2 |
             uint64_t(a <= b) << 3 | uint64_t(a > b) << 4 |
             uint64_t(a >= b) << 5;
}
DIFF_CASE(half2_convert_compare, diff::exact, half_operands) {
  pair_convert_compare<gpu::half2>(in, out);
}
DIFF_CASE(bf162_convert_compare, diff::exact, bf16_operands) {
  pair_convert_compare<gpu::bfloat162>(in, out);
}

} // namespace diff::half

// CUDA code ported by its include: the cuda_fp16.h / cuda_bf16.h names.
namespace diff::half_cuda {
using diff::half::canonical;
using diff::half::canonical2;
using diff::half::h_range;

DIFF_CASE(cuda_fp16_spellings, diff::exact, diff::half::half_operands) {
  __half a = __ushort_as_half(uint16_t(in.c)), b = __float2half(h_range(in.f));
  __half c = __short_as_half(int16_t(in.d));
  __half2 p = __floats2half2_rn(h_range(in.g), h_range(in.h));
  __half2 q = __halves2half2(a, c),
          r2 = __ushort_as_half(uint16_t(in.a)) == a ? p : __half2half2(b);
  out.f[0] = __half2float(__hfma(a, b, c));
  float2 f = __half22float2(__hfma2(p, q, r2));
  out.f[1] = f.x;
  out.f[2] = f.y;
  out.f[3] =
      __low2float(__hmul2(__hsub2(p, q), __hadd2(q, __lowhigh2highlow(p))));
  out.r[0] = canonical(__hadd_rn(__hmul_rn(a, b), c)) |
             canonical(__hdiv(a, diff::half::nonzero(c))) << 16 |
             uint64_t(__half_as_ushort(__hmax_nan(a, b))) << 32 |
             uint64_t(__half_as_ushort(__hmin_nan(b, c))) << 48;
  out.r[1] = uint64_t(__heq(a, b)) | uint64_t(__hne(a, b)) << 1 |
             uint64_t(__hltu(a, b)) << 2 | uint64_t(__hgeu(a, c)) << 3 |
             uint64_t(__hisnan(a)) << 4 | uint64_t(__hisinf(a) + 1) << 5 |
             uint64_t(__hbeq2(p, q)) << 8 | uint64_t(__hbneu2(p, q)) << 9 |
             uint64_t(__hblt2(p, q)) << 10 | uint64_t(__hbgeu2(p, q)) << 11 |
             uint64_t(__hlt2_mask(p, q)) << 32;
  out.r[2] = __heq2(p, q).bits() | uint64_t(__hgtu2(p, q).bits()) << 32;
  out.r[3] = canonical2(__hneg2(q)) | canonical2(__habs2(p)) << 32;
  out.x[0] = double(__low2float(__hmax2(p, q)));
  out.x[1] = double(__high2float(__hmin2(p, q)));
}

DIFF_CASE(cuda_fp16_conversions, diff::exact, diff::half::half_operands) {
  __half a = __ushort_as_half(uint16_t(in.c));
  __half2 p = __float2half2_rn(h_range(in.f));
  __half2 q = __float22half2_rn(make_float2(h_range(in.g), h_range(in.h)));
  __half2 w = __ushort_as_half(uint16_t(in.d)) < a ? __lows2half2(p, q)
                                                   : __highs2half2(q, p);
  out.r[0] = canonical2(p) | canonical2(q) << 32;
  out.r[1] = canonical2(w) | canonical(__high2half(__high2half2(p))) << 32;
  out.r[2] = uint64_t(uint32_t(__half2int_rz(a))) | canonical2(__low2half2(q))
                                                        << 32;
  out.r[3] =
      canonical(__int2half_rn(int32_t(in.e))) |
      canonical(__double2half(in.x >= 65520.0 || in.x <= -65520.0 ? 0.0 : in.x))
          << 16;
  out.f[0] = __half2float(__hmax_nan(a, __float2half_rn(h_range(in.f))));
  out.f[1] = __high2float(__hmax2_nan(p, q));
  out.f[2] = __low2float(__hmin2_nan(p, q));
  out.f[3] = __half2float(__hmin(__low2half(q), a));
}

DIFF_CASE(cuda_bf16_spellings, diff::exact, diff::half::bf16_operands) {
  __nv_bfloat16 a = __ushort_as_bfloat16(uint16_t(in.c)),
                b = __float2bfloat16(in.f),
                c = __short_as_bfloat16(int16_t(in.d));
  __nv_bfloat162 p = __floats2bfloat162_rn(in.g, in.h);
  __nv_bfloat162 q = __halves2bfloat162(a, c);
  __nv_bfloat162 r2 = __float22bfloat162_rn(make_float2(in.h, in.f));
  out.f[0] = __bfloat162float(__hfma(a, b, c));
  float2 f = __bfloat1622float2(__hfma2(p, q, r2));
  out.f[1] = f.x;
  out.f[2] = f.y;
  out.f[3] = __high2float(__hmul2(__hsub2(p, q), __hadd2(q, r2)));
  out.r[0] = canonical(__hadd(a, b)) |
             canonical(__hdiv(a, diff::half::nonzero(c))) << 16 |
             uint64_t(__bfloat16_as_ushort(__hmax_nan(a, b))) << 32 |
             uint64_t(__bfloat16_as_ushort(__hmin_nan(b, c))) << 48;
  out.r[1] = uint64_t(__heq(a, b)) | uint64_t(__hne(a, b)) << 1 |
             uint64_t(__hltu(a, b)) << 2 | uint64_t(__hgeu(a, c)) << 3 |
             uint64_t(__hisnan(a)) << 4 | uint64_t(__hisinf(a) + 1) << 5 |
             uint64_t(__hbeq2(p, q)) << 8 | uint64_t(__hbneu2(p, q)) << 9 |
             uint64_t(__hble2(p, q)) << 10 | uint64_t(__hbgtu2(p, q)) << 11 |
             uint64_t(__hge2_mask(p, q)) << 32;
  out.r[2] = __hne2(p, q).bits() | uint64_t(__hleu2(p, q).bits()) << 32;
  out.r[3] = canonical2(__hneg2(q)) | canonical2(__habs2(p)) << 32;
  out.x[0] = double(__low2float(__hmax2(p, q)));
  out.x[1] = double(__high2float(__hmin2(p, q)));
}

DIFF_CASE(cuda_bf16_conversions, diff::exact, diff::half::bf16_operands) {
  __nv_bfloat16 a = __ushort_as_bfloat16(uint16_t(in.c));
  __nv_bfloat162 p = __float2bfloat162_rn(in.f);
  __nv_bfloat162 q = __floats2bfloat162_rn(in.g, in.h);
  __nv_bfloat162 w = __ushort_as_bfloat16(uint16_t(in.d)) < a
                         ? __lows2bfloat162(p, q)
                         : __highs2bfloat162(q, p);
  out.r[0] = canonical2(p) | canonical2(q) << 32;
  out.r[1] = canonical2(w) | canonical(__high2bfloat16(__high2bfloat162(p)))
                                 << 32;
  out.r[2] = uint64_t(uint32_t(__bfloat162int_rz(a))) |
             canonical2(__low2bfloat162(q)) << 32;
  out.r[3] = canonical(__int2bfloat16_rn(int32_t(in.e))) |
             canonical(__double2bfloat16(
                 in.x > 3.38e38 || in.x < -3.38e38 ? 0.0 : in.x))
                 << 16;
  out.f[0] = __bfloat162float(__hmax_nan(a, __float2bfloat16_rn(in.f)));
  out.f[1] = __high2float(__hmax2_nan(p, q));
  out.f[2] = __low2float(__hmin2_nan(p, q));
  out.f[3] = __bfloat162float(__hmin(__low2bfloat16(q), a));
}

} // namespace diff::half_cuda
