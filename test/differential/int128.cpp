// __int128 and unsigned __int128: addition, multiplication, shifts,
// comparisons, division and remainder, conversions to and from 64-bit
// integers and floating point. Operands: x = (a:b), y = (p:q), and narrow
// operands from c, d, e.
#define DIFF_FAMILY "int128"
#include "harness.hpp"

#include <cstdint>

namespace diff::int128 {

using u128 = unsigned __int128;
using s128 = __int128;

u128 make(uint64_t hi, uint64_t lo) { return (u128(hi) << 64) | lo; }
void put(Output &out, int slot, u128 v) {
  out.r[slot] = uint64_t(v);
  out.r[slot + 1] = uint64_t(v >> 64);
}

DIFF_CASE(add_sub, diff::exact) {
  u128 x = make(in.a, in.b), y = make(in.p, in.q);
  put(out, 0, x + y);
  put(out, 2, x - y);
}

DIFF_CASE(mul_wide_and_low, diff::exact) {
  u128 full = u128(in.a) * in.b; // 64 x 64 -> 128
  put(out, 0, full);
  u128 x = make(in.a, in.b), y = make(in.p, in.q);
  put(out, 2, x * y); // modulo 2^128
}

DIFF_CASE(signed_mul, diff::exact) {
  s128 p = s128(int64_t(in.a)) * int64_t(in.b); // never overflows
  put(out, 0, u128(p));
  s128 small = s128(int32_t(in.c)) * int64_t(in.p) * int32_t(in.d); // < 2^126
  put(out, 2, u128(small));
}

DIFF_CASE(shifts, diff::exact) {
  u128 x = make(in.a, in.b);
  uint32_t s = in.e % 128;
  put(out, 0, x << s);
  put(out, 2, x >> s);
}

DIFF_CASE(arithmetic_shift_right, diff::exact) {
  s128 x = s128(make(in.a, in.b)); // modular conversion
  uint32_t s = in.e % 128;
  put(out, 0, u128(x >> s));
  put(out, 2, u128(x << (s % 64))); // C++20: modular for negative values
}

DIFF_CASE(comparisons, diff::exact) {
  u128 x = make(in.a, in.b), y = make(in.p, in.q);
  if (in.e & 1)
    y = x + (in.e & 2); // equal or just above
  s128 sx = s128(x), sy = s128(y);
  out.r[0] = uint64_t(x < y) | uint64_t(x == y) << 1 | uint64_t(x > y) << 2 |
             uint64_t(sx < sy) << 3 | uint64_t(sx >= sy) << 4 |
             uint64_t(sx < 0) << 5 | uint64_t(x != 0) << 6;
}

DIFF_CASE(udiv_urem, diff::exact) {
  u128 x = make(in.a, in.b);
  u128 y = in.e & 1 ? make(in.p, in.q) : u128(in.q >> (in.e % 64));
  if (y == 0)
    y = 3;
  put(out, 0, x / y);
  put(out, 2, x % y);
}

DIFF_CASE(sdiv_srem, diff::exact) {
  s128 x = s128(make(in.a, in.b));
  s128 y =
      in.e & 1 ? s128(make(in.p, in.q)) : s128(int64_t(in.q) >> (in.e % 64));
  const s128 min128 = s128(u128(1) << 127);
  if (y == 0 || (x == min128 && y == -1))
    y = 7;
  put(out, 0, u128(x / y));
  put(out, 2, u128(x % y));
}

DIFF_CASE(div_by_constants, diff::exact) {
  u128 x = make(in.a, in.b);
  s128 sx = s128(x);
  put(out, 0, x / 10);
  out.r[2] = uint64_t(x % 1000000007);
  out.r[3] = uint64_t(sx / -3) ^ uint64_t(sx % 1000);
}

// Clamped conversions between __int128 and floating point.
DIFF_CASE(float_conversions, diff::exact) {
  s128 sx = s128(make(in.a, in.b));
  u128 ux = make(in.p, in.q);
  out.x[0] = double(sx);
  out.x[1] = double(ux);
  out.f[0] = float(sx);
  out.f[1] = float(ux); // < 2^128 < FLT_MAX: in range
  double d = in.x;
  s128 back = 0;
  if (d == d && d > -1.7e38 && d < 1.7e38)
    back = s128(d);
  put(out, 0, u128(back));
  float f = in.f;
  u128 uback = 0;
  if (f == f && f > -1.0f && f < 3.4e38f)
    uback = u128(f);
  put(out, 2, uback);
}

DIFF_CASE(narrowing_and_widening, diff::exact) {
  u128 x = make(in.a, in.b);
  out.r[0] = uint64_t(x); // low half
  out.r[1] = uint64_t(uint32_t(x >> 60));
  s128 w = int64_t(in.p); // sign extension
  put(out, 2, u128(w));
}

// A 128-bit accumulator: mulhi and multiply-accumulate loops.
DIFF_CASE(mulhi_accumulate, diff::exact) {
  u128 acc = 0;
  const uint64_t v[4] = {in.a, in.b, in.p, in.q};
  for (int i = 0; i < 4; ++i)
    acc += u128(v[i]) * v[(i + 1) % 4];
  put(out, 0, acc);
  out.r[2] = uint64_t((u128(in.a) * in.q) >> 64); // mulhi
  out.r[3] = uint64_t(acc % (u128(in.c) + 1));
}

} // namespace diff::int128
