// Enums, unions and bit-fields: scoped and unscoped enums with fixed
// underlying types, enum flag operators, unions (type punning, as clang and
// GCC allow in C++, and proper active-member use), bit-field structs read
// and written (unsigned, signed, bool, enum bit-fields, compound
// assignment), and their layout seen through std::bit_cast.
#define DIFF_FAMILY "enums_unions"
#include "harness.hpp"

#include <bit>
#include <cstdint>
#include <type_traits>

namespace diff::enums_unions {

enum class Color : uint8_t { red = 1, green = 2, blue = 4, black = 0 };
uint32_t weight(Color c) {
  switch (c) {
  case Color::red:
    return 30;
  case Color::green:
    return 59;
  case Color::blue:
    return 11;
  case Color::black:
    return 0;
  }
  return 1000; // other values of the underlying type
}
DIFF_CASE(scoped_enum, diff::exact) {
  Color c = static_cast<Color>(in.e & 7);
  out.r[0] = weight(c);
  out.r[1] = static_cast<uint8_t>(c) + sizeof(Color) * 100;
  out.r[2] = uint64_t(c == Color::blue) | uint64_t(c < Color::green) << 1;
}

enum Legacy { zero, one, two, ten = 10, eleven };
DIFF_CASE(unscoped_enum, diff::exact) {
  Legacy l = Legacy(in.e % 4 == 3 ? 10 : in.e % 4);
  int v = l + 1; // implicit conversion
  out.r[0] = uint64_t(v) + eleven * 100;
  out.r[1] = l > one;
}

enum class Big : int64_t { low = -0x100000000ll, high = 0x7000000000000000ll };
enum class Tiny : int8_t { neg = -100, pos = 100 };
DIFF_CASE(enum_underlying_types, diff::exact) {
  Big b = (in.e & 1) ? Big::low : Big::high;
  Tiny t = static_cast<Tiny>(int8_t(in.c));
  out.r[0] = uint64_t(static_cast<int64_t>(b));
  out.r[1] = uint64_t(int64_t(static_cast<int8_t>(t))) ^
             uint64_t(std::is_same_v<std::underlying_type_t<Tiny>, int8_t>)
                 << 20;
  out.r[2] = sizeof(Big) * 10 + sizeof(Tiny);
  out.r[3] = t == Tiny::neg;
}

enum class Flags : uint32_t {
  none = 0,
  read = 1,
  write = 2,
  exec = 4,
  all = 7
};
constexpr Flags operator|(Flags a, Flags b) {
  return Flags(uint32_t(a) | uint32_t(b));
}
constexpr Flags operator&(Flags a, Flags b) {
  return Flags(uint32_t(a) & uint32_t(b));
}
constexpr Flags operator~(Flags a) { return Flags(~uint32_t(a) & 7u); }
Flags &operator|=(Flags &a, Flags b) { return a = a | b; }
DIFF_CASE(enum_flags, diff::exact) {
  Flags f = Flags(in.c & 7);
  f |= Flags::read;
  Flags g = f & ~Flags::write;
  out.r[0] = uint32_t(f) * 10 + uint32_t(g);
  out.r[1] = (f & Flags::exec) != Flags::none;
}

union FloatBits {
  float f;
  uint32_t u;
};
union DoubleWords {
  double d;
  uint32_t w[2];
  uint64_t u;
};
DIFF_CASE(union_punning, diff::exact) {
  FloatBits fb;
  fb.f = in.f;
  out.r[0] = fb.u;
  fb.u ^= 0x80000000u;
  out.f[0] = fb.f;
  DoubleWords dw;
  dw.d = in.x;
  out.r[1] = uint64_t(dw.w[1]) << 32 | dw.w[0];
  dw.u = in.a;
  out.x[0] = dw.d;
}

union Bytes {
  uint8_t b[8];
  uint64_t v;
};
DIFF_CASE(union_of_arrays, diff::exact) {
  Bytes x;
  x.v = in.a;
  uint64_t h = 0;
  for (int i = 0; i < 8; ++i)
    h = h << 8 | x.b[i]; // byte-reversed: little-endian
  out.r[0] = h;
  x.b[in.e % 8] = 0xff;
  out.r[1] = x.v;
}

// A tagged union used properly: only the active member is read.
struct Value {
  enum class Kind : uint8_t { integer, real, pair } kind;
  union {
    int64_t i;
    double d;
    struct {
      uint32_t lo, hi;
    } p;
  };
};
Value make_value(uint32_t sel, const Input &in) {
  Value v;
  switch (sel % 3) {
  case 0:
    v.kind = Value::Kind::integer;
    v.i = int64_t(in.a);
    break;
  case 1:
    v.kind = Value::Kind::real;
    v.d = in.x;
    break;
  default:
    v.kind = Value::Kind::pair;
    v.p.lo = in.c;
    v.p.hi = in.d;
  }
  return v;
}
DIFF_CASE(tagged_union, diff::exact) {
  Value v = make_value(in.e, in);
  switch (v.kind) {
  case Value::Kind::integer:
    out.r[0] = uint64_t(v.i);
    break;
  case Value::Kind::real:
    out.x[0] = v.d;
    break;
  case Value::Kind::pair:
    out.r[1] = uint64_t(v.p.hi) << 32 | v.p.lo;
    break;
  }
  out.r[2] = uint64_t(v.kind);
}

struct Packed {
  uint32_t a : 3;
  uint32_t b : 5;
  uint32_t c : 24;
};
DIFF_CASE(bitfields_unsigned, diff::exact) {
  Packed p{};
  p.a = in.c; // modular: low 3 bits
  p.b = in.c >> 3;
  p.c = in.d;
  out.r[0] = uint64_t(p.a) | uint64_t(p.b) << 8 | uint64_t(p.c) << 16;
  out.r[1] = std::bit_cast<uint32_t>(p);
  Packed q = std::bit_cast<Packed>(in.e);
  out.r[2] = uint64_t(q.a) * 1000000 + uint64_t(q.b) * 1000 + (q.c & 0x3ff);
}

struct Signed {
  int32_t a : 4;
  int32_t b : 12;
  int32_t c : 16;
};
DIFF_CASE(bitfields_signed, diff::exact) {
  Signed s{};
  s.a = int32_t(in.c); // C++20: modular, so -8..7
  s.b = int32_t(in.c >> 4);
  s.c = int32_t(in.d);
  out.r[0] = uint64_t(int64_t(s.a)) ^ uint64_t(int64_t(s.b)) << 8;
  out.r[1] = uint64_t(int64_t(s.c));
  out.r[2] = std::bit_cast<uint32_t>(s);
  Signed t = std::bit_cast<Signed>(in.e);
  out.r[3] = uint64_t(int64_t(t.a + t.b + t.c));
}

struct Mixed {
  bool flag : 1;
  uint64_t wide : 40;
  uint8_t small : 7;
  Color color : 3;
  uint16_t plain;
};
DIFF_CASE(bitfields_mixed, diff::exact) {
  Mixed m{};
  m.flag = in.e & 1;
  m.wide = in.a;
  m.small = uint8_t(in.c);
  m.color = static_cast<Color>(in.d & 7);
  m.plain = uint16_t(in.d >> 16);
  out.r[0] = uint64_t(m.flag) | m.wide << 1;
  out.r[1] = uint64_t(m.small) | uint64_t(static_cast<uint8_t>(m.color)) << 8 |
             uint64_t(m.plain) << 16;
  out.r[2] = sizeof(Mixed) * 100 + alignof(Mixed);
  // (Mixed has padding bits: no bit_cast of it, whose result would be
  // indeterminate there.)
  Mixed n = m;
  n.wide += 1;
  out.r[3] = n.wide ^ uint64_t(n.small) << 50 ^ uint64_t(n.flag) << 63;
}

DIFF_CASE(bitfield_compound_ops, diff::exact) {
  Packed p{};
  p.a = in.c;
  p.b = in.d;
  p.c = in.e;
  p.a += 5; // wraps at 3 bits
  p.b++;    // wraps at 5 bits
  p.c *= 3;
  p.c ^= 0xabcdef;
  Signed s{};
  s.a = int32_t(in.e);
  s.a -= 3; // modular at 4 bits
  s.b = -1;
  s.b <<= 2;
  out.r[0] = std::bit_cast<uint32_t>(p);
  out.r[1] = std::bit_cast<uint32_t>(s);
  out.r[2] = uint64_t(int64_t(s.a)) ^ uint64_t(int64_t(s.b)) << 10;
}

union WithBitfield {
  struct {
    uint32_t mantissa : 23;
    uint32_t exponent : 8;
    uint32_t sign : 1;
  } parts;
  float f;
  uint32_t u;
};
DIFF_CASE(bitfield_in_union, diff::exact) {
  WithBitfield w;
  w.f = in.f;
  out.r[0] = w.parts.exponent;
  out.r[1] = w.parts.mantissa;
  out.r[2] = w.parts.sign;
  w.parts.exponent = 127;
  out.f[0] = w.f;
}

} // namespace diff::enums_unions
