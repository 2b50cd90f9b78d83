// <limits> and <bit>: std::numeric_limits, std::bit_cast (floats and
// structs), the bit counting functions, rotations, byteswap; the
// corresponding __builtin_* functions, the checked-arithmetic builtins, and
// type punning with std::memcpy and __builtin_memcpy, unaligned copies of
// floats.
#define DIFF_FAMILY "bits"
#include "harness.hpp"

#include <bit>
#include <climits>
#include <cstdint>
#include <cstring>
#include <limits>

namespace diff::bits {

DIFF_CASE(numeric_limits_int, diff::exact) {
  using L32 = std::numeric_limits<int32_t>;
  using LU64 = std::numeric_limits<uint64_t>;
  using L8 = std::numeric_limits<int8_t>;
  int32_t v = int32_t(in.c);
  out.r[0] = uint64_t(v == L32::max()) | uint64_t(v == L32::min()) << 1 |
             uint64_t(in.a == LU64::max()) << 2 | uint64_t(L8::is_signed) << 3 |
             uint64_t(LU64::is_signed) << 4;
  out.r[1] = uint64_t(L32::digits) * 1000 + LU64::digits * 10 + L8::digits;
  out.r[2] = uint64_t(int64_t(L8::lowest())) ^ uint64_t(L32::max());
  out.r[3] = std::numeric_limits<uint16_t>::max() + uint64_t(CHAR_BIT);
}

DIFF_CASE(numeric_limits_float, diff::exact) {
  using F = std::numeric_limits<float>;
  using D = std::numeric_limits<double>;
  out.f[0] = F::epsilon();
  out.f[1] = F::denorm_min();
  out.f[2] = in.f < F::lowest() ? 1.0f : F::max();
  out.f[3] = F::infinity();
  out.x[0] = D::min();
  out.x[1] = D::quiet_NaN();
  out.r[0] = uint64_t(F::digits) * 1000 + uint64_t(D::digits) +
             D::max_exponent * 100000ull;
  out.r[1] = uint64_t(in.x == D::infinity()) | uint64_t(in.x > D::max()) << 1 |
             uint64_t(in.x < D::denorm_min() && in.x > 0) << 2 |
             uint64_t(F::has_quiet_NaN) << 3 | uint64_t(F::is_iec559) << 4;
  out.r[2] = std::bit_cast<uint32_t>(F::quiet_NaN()); // a constant pattern
}

DIFF_CASE(bit_cast_floats, diff::exact) {
  uint32_t u = std::bit_cast<uint32_t>(in.f); // NaN payloads untouched
  uint64_t w = std::bit_cast<uint64_t>(in.x);
  out.r[0] = u;
  out.r[1] = w;
  out.r[2] = (u >> 23) & 0xff; // biased exponent
  out.r[3] = (w & 0x000fffffffffffffull) ^ (w >> 52);
  float flipped = std::bit_cast<float>(u ^ 0x80000000u);
  out.f[0] = flipped;
  out.x[0] = std::bit_cast<double>(in.a);
}

struct Halves {
  uint16_t lo, hi;
};
struct TwoFloats {
  float a, b;
};
struct Mixed {
  uint8_t tag;
  uint8_t pad[3];
  float value;
};
DIFF_CASE(bit_cast_structs, diff::exact) {
  Halves h = std::bit_cast<Halves>(in.c);
  out.r[0] = uint64_t(h.lo) << 16 | h.hi;
  TwoFloats t = std::bit_cast<TwoFloats>(in.a);
  out.r[1] = std::bit_cast<uint32_t>(t.a) ^
             (uint64_t(std::bit_cast<uint32_t>(t.b)) << 32);
  Mixed m{uint8_t(in.e), {1, 2, 3}, in.f};
  out.r[2] = std::bit_cast<uint64_t>(m);
  Halves back{uint16_t(in.d), uint16_t(in.d >> 16)};
  out.r[3] = std::bit_cast<uint32_t>(back);
}

DIFF_CASE(popcount_countl_countr, diff::exact) {
  out.r[0] = uint64_t(std::popcount(in.a)) |
             uint64_t(std::popcount(in.c)) << 8 |
             uint64_t(std::popcount(uint8_t(in.e))) << 16 |
             uint64_t(std::popcount(uint16_t(in.d))) << 24;
  out.r[1] = uint64_t(std::countl_zero(in.a)) |
             uint64_t(std::countl_zero(in.c)) << 8 |
             uint64_t(std::countl_zero(uint8_t(in.e))) << 16 |
             uint64_t(std::countl_zero(uint16_t(in.d))) << 24;
  out.r[2] = uint64_t(std::countr_zero(in.a)) |
             uint64_t(std::countr_zero(in.c)) << 8 |
             uint64_t(std::countr_zero(uint8_t(in.e))) << 16 |
             uint64_t(std::countr_one(in.d)) << 24;
  out.r[3] = uint64_t(std::countl_one(in.b)) | uint64_t(std::countr_one(in.b))
                                                   << 8;
}

DIFF_CASE(bit_width_single_bit, diff::exact) {
  out.r[0] = uint64_t(std::bit_width(in.a)) |
             uint64_t(std::bit_width(in.c)) << 8 |
             uint64_t(std::has_single_bit(in.a)) << 16 |
             uint64_t(std::has_single_bit(in.d)) << 17;
  out.r[1] = std::bit_floor(in.a);
  uint32_t small = in.c >> 1; // bit_ceil must be representable
  out.r[2] = std::bit_ceil(small);
  out.r[3] =
      std::bit_floor(uint8_t(in.e)) + std::bit_ceil(uint16_t(in.d & 0x7fff));
}

DIFF_CASE(rotl_rotr, diff::exact) {
  int s = int(in.e % 200) - 100; // negative counts rotate the other way
  out.r[0] = std::rotl(in.a, s);
  out.r[1] = std::rotr(in.c, s);
  out.r[2] = std::rotl(uint8_t(in.d), s);
  out.r[3] = std::rotr(uint16_t(in.d), 3);
}

DIFF_CASE(byteswap, diff::exact) {
  out.r[0] = std::byteswap(in.a);
  out.r[1] = std::byteswap(in.c);
  out.r[2] = std::byteswap(uint16_t(in.d));
  out.r[3] = uint64_t(std::byteswap(int32_t(in.e)));
}

DIFF_CASE(builtin_bit_functions, diff::exact) {
  out.r[0] = uint64_t(in.c ? __builtin_clz(in.c) : 32) |
             uint64_t(in.c ? __builtin_ctz(in.c) : 32) << 8 |
             uint64_t(in.a ? __builtin_clzll(in.a) : 64) << 16 |
             uint64_t(in.a ? __builtin_ctzll(in.a) : 64) << 24;
  out.r[1] = uint64_t(__builtin_popcount(in.d)) |
             uint64_t(__builtin_popcountll(in.b)) << 8 |
             uint64_t(__builtin_parity(in.d)) << 16 |
             uint64_t(__builtin_ffs(int(in.e))) << 24 |
             uint64_t(__builtin_ffsll(int64_t(in.b))) << 32;
  out.r[2] = __builtin_bswap64(in.a);
  out.r[3] =
      __builtin_bswap32(in.c) + uint64_t(__builtin_bswap16(uint16_t(in.d)));
}

DIFF_CASE(overflow_builtins, diff::exact) {
  int32_t r32 = 0;
  int64_t r64 = 0;
  uint32_t u32 = 0;
  bool o1 = __builtin_add_overflow(int32_t(in.c), int32_t(in.d), &r32);
  bool o2 = __builtin_mul_overflow(int64_t(in.a), int64_t(in.b), &r64);
  bool o3 = __builtin_sub_overflow(in.c, in.d, &u32);
  out.r[0] = uint64_t(uint32_t(r32)) | uint64_t(u32) << 32;
  out.r[1] = uint64_t(r64);
  // Mixed types: the result type decides.
  int16_t r16 = 0;
  bool o4 = __builtin_add_overflow(in.c, int32_t(in.e), &r16);
  uint64_t ru = 0;
  bool o5 = __builtin_mul_overflow(int32_t(in.c), in.d, &ru);
  out.r[2] = uint64_t(uint16_t(r16)) | ru << 16;
  out.r[3] = uint64_t(o1) | uint64_t(o2) << 1 | uint64_t(o3) << 2 |
             uint64_t(o4) << 3 | uint64_t(o5) << 4;
}

DIFF_CASE(memcpy_punning, diff::exact) {
  float f = in.f;
  uint32_t u = 0;
  std::memcpy(&u, &f, sizeof u);
  double d = 0;
  __builtin_memcpy(&d, &in.a, sizeof d);
  uint8_t bytes[8];
  std::memcpy(bytes, &in.b, 8);
  uint64_t rebuilt = 0;
  for (int i = 7; i >= 0; --i)
    rebuilt = rebuilt << 8 | bytes[i];
  uint16_t parts[4];
  std::memcpy(parts, &in.p, sizeof parts);
  out.r[0] = u;
  out.x[0] = d;
  out.r[1] = rebuilt ^ in.b; // 0: little-endian on both sides
  out.r[2] = parts[0] + uint64_t(parts[3]) * 65536;
  float back;
  std::memcpy(&back, &in.d, 4);
  out.f[0] = back;
}

struct Rec {
  uint32_t a;
  uint16_t b;
  uint8_t c[2];
};
DIFF_CASE(memcpy_structs_arrays, diff::exact) {
  Rec src[3] = {{in.c, uint16_t(in.d), {1, 2}}, {in.e, 7, {3, 4}}, {}};
  Rec dst[3];
  std::memcpy(dst, src, sizeof src);
  uint32_t words[6] = {};
  std::memcpy(words + 1, src, 2 * sizeof(Rec)); // partial, at an offset
  std::memset(&dst[2], 0xab, sizeof(Rec));
  uint32_t moved[4] = {in.c, in.d, in.e, 9};
  std::memmove(moved + 1, moved, 3 * sizeof(uint32_t)); // overlapping
  out.r[0] = uint64_t(dst[0].a) ^ dst[1].b ^ uint64_t(dst[2].a) << 32;
  out.r[1] = uint64_t(words[1]) ^ uint64_t(words[4]) << 32;
  out.r[2] = uint64_t(moved[0]) + moved[1] + uint64_t(moved[3]) * 3;
  out.r[3] = uint64_t(dst[0].c[1]) + dst[2].c[0];
}

DIFF_CASE(endian_and_limits_constants, diff::exact) {
  out.r[0] = uint64_t(std::endian::native == std::endian::little);
  out.r[1] =
      uint64_t(INT_MAX) + uint64_t(UINT8_MAX) + uint64_t(SIZE_MAX & 0xff);
  out.r[2] =
      uint64_t(int64_t(INT64_MIN) == std::numeric_limits<int64_t>::min());
}

// Bit manipulation of floats through their representation: next float up,
// exponent scaling, classification.
float next_up(float v) {
  uint32_t u = std::bit_cast<uint32_t>(v);
  if ((u & 0x7fffffffu) > 0x7f800000u || u == 0x7f800000u)
    return v;
  if (u == 0x80000000u)
    u = 0;
  u = (u & 0x80000000u) ? u - 1 : u + 1;
  return std::bit_cast<float>(u);
}
DIFF_CASE(float_bit_manipulation, diff::exact) {
  out.f[0] = next_up(in.f);
  out.f[1] = next_up(-in.g);
  uint64_t w = std::bit_cast<uint64_t>(in.x);
  out.r[0] =
      ((w >> 52) & 0x7ff) == 0x7ff ? ((w & 0xfffffffffffffull) ? 2 : 1) : 0;
}

// Computed floats stored byte-wise at odd offsets, and the low bits of their
// representation: narrower stores of a float register (ptxas once turned
// them into float-to-integer conversions). NaNs become 0 first: their bits
// differ between x86 and the GPU.
template <class T> T no_nan(T v) { return v != v ? T(0) : v; }
DIFF_CASE(unaligned_float_bytes, diff::exact) {
  float v = no_nan(in.f * 1.5f + in.g);
  double w = no_nan(in.x * 0.75 + in.y);
  auto *bytes = reinterpret_cast<unsigned char *>(&out.r[0]);
  std::memcpy(bytes + 1, &v, sizeof v);
  std::memcpy(bytes + 9, &w, sizeof w);
  out.r[3] =
      uint8_t(std::bit_cast<uint32_t>(no_nan(v + in.h))) |
      uint64_t(uint16_t(std::bit_cast<uint64_t>(no_nan(w * in.z)))) << 8 |
      uint64_t(uint32_t(std::bit_cast<uint64_t>(no_nan(w - in.z)))) << 24;
}

} // namespace diff::bits
