// Integer semantics: unsigned wraparound, shifts, division and remainder of
// negative numbers, integer promotions, conversions between widths, bool.
// No signed overflow anywhere: signed results that could overflow are
// computed in unsigned and converted back (modular since C++20).
#define DIFF_FAMILY "integers"
#include "harness.hpp"

#include <algorithm>
#include <climits>
#include <cstdlib>

// The comparisons of mixed signedness below are the point of the test.
#pragma clang diagnostic ignored "-Wsign-compare"

namespace diff::integers {

struct arith4 {
  uint64_t add, sub, mul, neg;
};

arith4 u32_arith(uint32_t a, uint32_t b) {
  uint32_t add = a + b, sub = a - b, mul = a * b, neg = -a;
  return {add, sub, mul, neg};
}
DIFF_CASE(u32_arith, diff::exact) {
  arith4 r = u32_arith(in.c, in.d);
  out.r[0] = r.add;
  out.r[1] = r.sub;
  out.r[2] = r.mul;
  out.r[3] = r.neg;
}

arith4 u64_arith(uint64_t a, uint64_t b) { return {a + b, a - b, a * b, -a}; }
DIFF_CASE(u64_arith, diff::exact) {
  arith4 r = u64_arith(in.a, in.b);
  out.r[0] = r.add;
  out.r[1] = r.sub;
  out.r[2] = r.mul;
  out.r[3] = r.neg;
}

// 8- and 16-bit unsigned arithmetic promotes to int; the result wraps only
// when it is stored back.
uint64_t small_unsigned(uint32_t a, uint32_t b) {
  uint8_t x = uint8_t(a), y = uint8_t(b);
  uint16_t s = uint16_t(a >> 8), t = uint16_t(b >> 8);
  int sum = x + y;                             // up to 510: no wrap
  uint8_t wrapped = x + y;                     // wraps
  int diff = x - y;                            // negative possible
  uint16_t prod16 = uint16_t(uint32_t(s) * t); // no int overflow
  int inv = ~x; // ~ of a promoted value: negative
  uint8_t inv8 = ~x;
  return uint64_t(uint32_t(sum)) ^ (uint64_t(wrapped) << 10) ^
         (uint64_t(uint32_t(diff)) << 20) ^ (uint64_t(prod16) << 40) ^
         (uint64_t(uint32_t(inv)) * 3) ^ (uint64_t(inv8) << 56);
}
DIFF_CASE(small_unsigned_promotion, diff::exact) {
  out.r[0] = small_unsigned(in.c, in.d);
}

// Usual arithmetic conversions between signed and unsigned operands.
uint64_t mixed_sign(uint32_t ua, uint32_t ub, uint64_t wa) {
  int32_t a = int32_t(ua);
  uint32_t b = ub;
  int64_t w = int64_t(wa);
  uint64_t bits = 0;
  bits |= uint64_t(a < b) << 0; // a converted to unsigned
  bits |= uint64_t(int64_t(a) < int64_t(b)) << 1;
  bits |= uint64_t(a < w) << 2; // both to int64_t
  bits |= uint64_t(b < w) << 3; // uint32 -> int64
  bits |= uint64_t(uint64_t(w) > b) << 4;
  bits |= uint64_t(a == -1) << 5;
  bits |= uint64_t(b == uint32_t(-1)) << 6;
  bits |= uint64_t((a + 0u) > 0x7fffffffu) << 7;          // unsigned addition
  bits |= uint64_t(-1 < 0u) << 8;                         // famous: false
  bits |= uint64_t(short(-1) < (unsigned short)(1)) << 9; // both int: true
  return bits;
}
DIFF_CASE(mixed_sign_compare, diff::exact) {
  out.r[0] = mixed_sign(in.c, in.d, in.a);
}

struct divrem32 {
  int32_t q, r;
};
// Truncating division; the two undefined cases are answered separately.
divrem32 sdiv32(int32_t a, int32_t b) {
  if (b == 0)
    return {0x1234, 0x5678};
  if (a == INT_MIN && b == -1)
    return {INT_MIN, 0};
  return {a / b, a % b};
}
DIFF_CASE(sdiv_rem32, diff::exact) {
  divrem32 v = sdiv32(int32_t(in.c), int32_t(in.d));
  out.r[0] = v.q;
  out.r[1] = v.r;
  // Also with a small divisor (so that the quotient is not mostly 0).
  divrem32 w = sdiv32(int32_t(in.c), int32_t(in.e % 19) - 9);
  out.r[2] = w.q;
  out.r[3] = w.r;
}

int64_t sdiv64(int64_t a, int64_t b, bool rem) {
  if (b == 0 || (a == LLONG_MIN && b == -1))
    return -42;
  return rem ? a % b : a / b;
}
DIFF_CASE(sdiv_rem64, diff::exact) {
  out.r[0] = sdiv64(int64_t(in.a), int64_t(in.b), false);
  out.r[1] = sdiv64(int64_t(in.a), int64_t(in.b), true);
  out.r[2] = sdiv64(int64_t(in.a), int64_t(in.e % 37) - 18, false);
  out.r[3] = sdiv64(int64_t(in.a), int64_t(in.e % 37) - 18, true);
}

DIFF_CASE(udiv_rem, diff::exact) {
  uint32_t d32 = in.d == 0 ? 7u : in.d;
  uint64_t d64 = in.b == 0 ? 3u : in.b;
  out.r[0] = in.c / d32;
  out.r[1] = in.c % d32;
  out.r[2] = in.a / d64;
  out.r[3] = in.a % d64;
}

// Division by constants (magic-number lowering), signed and unsigned.
uint64_t div_by_constants(uint32_t ua, uint64_t wa) {
  int32_t a = int32_t(ua);
  int64_t w = int64_t(wa);
  uint64_t h = 0;
  h = h * 31 + uint64_t(int64_t(a / 7));
  h = h * 31 + uint64_t(int64_t(a % 7));
  h = h * 31 + uint64_t(int64_t(a / -3));
  h = h * 31 + uint64_t(int64_t(a % -3));
  h = h * 31 + uint64_t(int64_t(a / 16));
  h = h * 31 + uint64_t(int64_t(a % 16));
  h = h * 31 + uint64_t(ua / 10u);
  h = h * 31 + uint64_t(ua % 1000u);
  h = h * 31 + uint64_t(w / 1000000007);
  h = h * 31 + uint64_t(w % 1000000007);
  h = h * 31 + wa / 641u;
  h = h * 31 + uint64_t(w / -64);
  return h;
}
DIFF_CASE(div_by_constants, diff::exact) {
  out.r[0] = div_by_constants(in.c, in.a);
}

DIFF_CASE(shifts32, diff::exact) {
  uint32_t s = in.e % 32;
  int32_t sv = int32_t(in.c);
  out.r[0] = in.c << s;
  out.r[1] = in.c >> s;
  out.r[2] = sv >> s; // arithmetic shift of negative values
  out.r[3] = sv << s; // C++20: modular, no UB for negative values
}

DIFF_CASE(shifts64, diff::exact) {
  uint32_t s = in.e % 64;
  int64_t sv = int64_t(in.a);
  out.r[0] = in.a << s;
  out.r[1] = in.a >> s;
  out.r[2] = uint64_t(sv >> s);
  out.r[3] = uint64_t(sv << s);
}

// Shift counts of narrow types and shift of promoted uint8_t.
DIFF_CASE(shift_promotion, diff::exact) {
  uint8_t b = uint8_t(in.c);
  uint16_t w = uint16_t(in.d);
  out.r[0] = uint32_t(b << 20); // int: no wrap at 8 bits
  out.r[1] = uint8_t(b << 3);   // truncated on conversion
  out.r[2] = uint32_t(w << (in.e % 16));
  out.r[3] = uint64_t(1) << (in.e % 64);
}

uint32_t rotl_manual(uint32_t v, uint32_t s) {
  s &= 31;
  return s == 0 ? v : (v << s) | (v >> (32 - s));
}
uint64_t rotr_manual(uint64_t v, uint32_t s) {
  s &= 63;
  return (v >> s) | (v << ((64 - s) & 63));
}
DIFF_CASE(rotate_manual, diff::exact) {
  out.r[0] = rotl_manual(in.c, in.e);
  out.r[1] = rotr_manual(in.a, in.e);
}

// Conversions between widths: truncation and sign/zero extension.
DIFF_CASE(width_conversions, diff::exact) {
  int8_t s8 = int8_t(in.a);
  uint8_t u8 = uint8_t(in.a);
  int16_t s16 = int16_t(in.a);
  uint16_t u16 = uint16_t(in.a);
  int32_t s32 = int32_t(in.a);
  uint32_t u32 = uint32_t(in.a);
  int64_t back = s8;
  back += s16;
  back += s32;
  out.r[0] = uint64_t(back);
  out.r[1] = uint64_t(u8) | (uint64_t(u16) << 8) | (uint64_t(u32) << 24);
  out.r[2] = uint64_t(int64_t(s16)) ^ uint64_t(int64_t(s8));
  long l = long(in.b);
  long long ll = l;
  short sh = short(ll);
  out.r[3] = uint64_t(ll) ^ uint64_t(int64_t(sh));
}

// char, signed char, unsigned char (char is signed on x86-64: the device
// compiler must follow the host's ABI).
DIFF_CASE(char_types, diff::exact) {
  char ch = char(in.c);
  signed char sc = static_cast<signed char>(in.c >> 8);
  unsigned char uc = static_cast<unsigned char>(in.c >> 16);
  int sum = ch + sc + uc;
  out.r[0] = uint64_t(int64_t(sum));
  out.r[1] = uint64_t(int64_t(ch < 0));
  out.r[2] = uint64_t(int64_t(char(uc) == ch));
  out.r[3] = uint64_t(int64_t(sc * uc)); // |.| <= 128*255: fits int
}

DIFF_CASE(bool_semantics, diff::exact) {
  bool t = in.c; // nonzero -> true
  bool u = in.d & 1;
  bool v = in.x; // NaN -> true, -0.0 -> false
  bool w = in.f;
  int sum = t + u + v + w;
  bool x = t ^ u;
  bool y = !t || (u && v);
  bool z = t;
  z += 1; // still true
  bool q = false;
  q |= u;
  out.r[0] = uint64_t(sum);
  out.r[1] = uint64_t(x) | (uint64_t(y) << 1) | (uint64_t(z) << 2) |
             (uint64_t(q) << 3) | (uint64_t(v) << 4) | (uint64_t(w) << 5);
  out.r[2] = uint64_t(t == u) + uint64_t(t < u) * 2;
  out.r[3] = uint64_t(int64_t(-t)); // -bool: int -1
}

// std::abs and std::min/std::max over signed and unsigned types.
DIFF_CASE(abs_min_max, diff::exact) {
  int32_t a = int32_t(in.c), b = int32_t(in.d);
  int64_t wa = int64_t(in.a);
  out.r[0] = a == INT_MIN ? 0 : std::abs(a);
  out.r[1] = wa == LLONG_MIN ? 0 : std::abs(wa);
  out.r[2] = uint64_t(int64_t(std::min(a, b))) ^
             (uint64_t(int64_t(std::max(a, b))) << 1);
  out.r[3] = std::min(in.a, in.b) ^ (std::max(in.c, in.d) + 0ull);
}

// Increment and compound assignment on narrow types wrap at the type
// (C++20: the conversion back is modular).
DIFF_CASE(narrow_compound_assign, diff::exact) {
  uint8_t u = uint8_t(in.c);
  int8_t s = int8_t(in.d);
  int16_t t = int16_t(in.e);
  ++u;
  s++;
  t += 30000;
  u *= 3;
  s -= 100;
  t <<= 3;
  uint16_t m = uint16_t(in.c);
  m >>= 2;
  m ^= 0xa5a5;
  m |= 1;
  m %= 1000;
  out.r[0] = u;
  out.r[1] = uint64_t(int64_t(s));
  out.r[2] = uint64_t(int64_t(t));
  out.r[3] = m;
}

// 32x32 -> 64 multiplication, high halves.
DIFF_CASE(mul_wide, diff::exact) {
  uint64_t p = uint64_t(in.c) * in.d;
  int64_t sp = int64_t(int32_t(in.c)) * int32_t(in.d);
  out.r[0] = p;
  out.r[1] = p >> 32;
  out.r[2] = uint64_t(sp);
  out.r[3] = uint64_t(sp >> 32);
}

// Euclidean remainder and floor division built from C++'s truncating ones.
int32_t floor_div(int32_t a, int32_t b) {
  int32_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0)))
    --q;
  return q;
}
int32_t euclid_mod(int32_t a, int32_t b) {
  int32_t r = a % b;
  return r < 0 ? r + (b < 0 ? -b : b) : r;
}
DIFF_CASE(floor_div_mod, diff::exact) {
  int32_t a = int32_t(in.c);
  int32_t b = int32_t(in.e % 2001) - 1000;
  if (b == 0)
    b = 13;
  if (a == INT_MIN)
    a = INT_MIN + 1;
  out.r[0] = uint64_t(int64_t(floor_div(a, b)));
  out.r[1] = uint64_t(int64_t(euclid_mod(a, b)));
}

// Bit counting with a loop, and the x & (x - 1) tricks.
int popcount_loop(uint64_t v) {
  int n = 0;
  while (v) {
    v &= v - 1;
    ++n;
  }
  return n;
}
DIFF_CASE(bit_tricks, diff::exact) {
  out.r[0] = uint64_t(popcount_loop(in.a));
  out.r[1] = in.a & (0 - in.a); // lowest set bit
  out.r[2] = uint64_t((in.c & (in.c - 1)) == 0);
  uint32_t v = in.d;
  v = ((v >> 1) & 0x55555555u) | ((v & 0x55555555u) << 1);
  v = ((v >> 2) & 0x33333333u) | ((v & 0x33333333u) << 2);
  v = ((v >> 4) & 0x0f0f0f0fu) | ((v & 0x0f0f0f0fu) << 4);
  out.r[3] = v;
}

// Signed arithmetic that cannot overflow: the operands are narrowed first.
DIFF_CASE(signed_arith_in_range, diff::exact) {
  int32_t a = int32_t(in.c) >> 2; // |a| < 2^29
  int32_t b = int32_t(in.d) >> 2;
  int32_t m = int32_t(int16_t(in.e));
  int32_t n = int32_t(int16_t(in.e >> 16));
  out.r[0] = uint64_t(int64_t(a + b));
  out.r[1] = uint64_t(int64_t(a - b));
  out.r[2] = uint64_t(int64_t(m * n));
  int64_t wa = int64_t(in.a) >> 2, wb = int64_t(in.b) >> 2;
  out.r[3] = uint64_t(wa + wb);
}

// Integer <-> bool <-> enum-ish flags: the conditional operator with mixed
// integer types (usual arithmetic conversions apply to its operands).
DIFF_CASE(conditional_conversions, diff::exact) {
  bool sel = in.e & 1;
  int32_t s = int32_t(in.c);
  uint32_t u = in.d;
  auto r = sel ? s : u; // unsigned int
  auto w = sel ? s : int64_t(in.a);
  short sh = short(in.c);
  auto p = sel ? sh : char(in.d); // int
  out.r[0] = r;
  out.r[1] = uint64_t(w);
  out.r[2] = uint64_t(int64_t(p));
  out.r[3] = sizeof(r) * 100 + sizeof(w) * 10 + sizeof(p);
}

} // namespace diff::integers
