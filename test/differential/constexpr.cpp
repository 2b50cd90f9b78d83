// constexpr: constexpr functions called with run-time arguments, tables
// computed at compile time (namespace scope and static constexpr locals),
// consteval, if consteval, std::is_constant_evaluated, constexpr objects,
// string literals and std::string_view.
#define DIFF_FAMILY "constexpr"
#include "harness.hpp"

#include <array>
#include <cstdint>
#include <string_view>
#include <type_traits>

namespace diff::constexpr_ {

constexpr uint64_t mix64(uint64_t v) {
  v ^= v >> 33;
  v *= 0xff51afd7ed558ccdull;
  v ^= v >> 33;
  v *= 0xc4ceb9fe1a85ec53ull;
  return v ^ (v >> 33);
}
static_assert(mix64(1) != 1);
DIFF_CASE(constexpr_function_runtime, diff::exact) {
  out.r[0] = mix64(in.a);
  constexpr uint64_t k = mix64(42); // compile time
  out.r[1] = k ^ in.b;
}

constexpr std::array<uint32_t, 256> make_crc_table() {
  std::array<uint32_t, 256> t{};
  for (uint32_t i = 0; i < 256; ++i) {
    uint32_t c = i;
    for (int k = 0; k < 8; ++k)
      c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
    t[i] = c;
  }
  return t;
}
constexpr auto crc_table = make_crc_table();
uint32_t crc32(const uint8_t *data, uint32_t n) {
  uint32_t c = 0xffffffffu;
  for (uint32_t i = 0; i < n; ++i)
    c = crc_table[(c ^ data[i]) & 0xff] ^ (c >> 8);
  return c ^ 0xffffffffu;
}
DIFF_CASE(constexpr_table_crc32, diff::exact) {
  uint8_t bytes[16];
  for (int i = 0; i < 8; ++i) {
    bytes[i] = uint8_t(in.a >> (8 * i));
    bytes[8 + i] = uint8_t(in.b >> (8 * i));
  }
  out.r[0] = crc32(bytes, 16);
  out.r[1] = crc32(bytes, in.e % 17);
}

uint32_t nth_prime(uint32_t i) {
  static constexpr uint32_t primes[] = {2,  3,  5,  7,  11, 13,
                                        17, 19, 23, 29, 31, 37};
  return primes[i % (sizeof(primes) / sizeof(primes[0]))];
}
double power_of_ten(int i) {
  static constexpr double table[] = {1e0, 1e1, 1e2, 1e3, 1e4,
                                     1e5, 1e6, 1e7, 1e8};
  return table[i];
}
DIFF_CASE(static_constexpr_locals, diff::exact) {
  out.r[0] = nth_prime(in.e);
  out.x[0] = in.x * power_of_ten(int(in.c % 9));
}

consteval uint64_t squared(uint64_t v) { return v * v; }
consteval uint32_t bit_reverse_byte(uint32_t v) {
  uint32_t r = 0;
  for (int i = 0; i < 8; ++i)
    r |= ((v >> i) & 1) << (7 - i);
  return r;
}
DIFF_CASE(consteval_functions, diff::exact) {
  out.r[0] = in.a + squared(12345);
  out.r[1] = in.c ^ bit_reverse_byte(0x1d);
  constexpr uint64_t k = squared(7) + bit_reverse_byte(1);
  out.r[2] = k;
}

constexpr uint32_t where() {
  if
    consteval { return 1; }
  else {
    return 2;
  }
}
constexpr uint32_t evaluated() {
  return std::is_constant_evaluated() ? 10 : 20;
}
DIFF_CASE(if_consteval, diff::exact) {
  constexpr uint32_t at_compile_time = where() + evaluated();
  uint32_t at_run_time = where() + evaluated();
  out.r[0] = at_compile_time * 100 + at_run_time + (in.c & 0); // 1122
}

struct Point {
  int32_t x, y;
  constexpr Point operator+(Point o) const { return {x + o.x, y + o.y}; }
  constexpr int64_t dot(Point o) const {
    return int64_t(x) * o.x + int64_t(y) * o.y;
  }
};
constexpr Point origin{3, -4};
constexpr Point corners[] = {{1, 1}, {-1, 1}, {-1, -1}, {1, -1}};
DIFF_CASE(constexpr_objects, diff::exact) {
  Point p{int32_t(in.c >> 8), int32_t(in.d >> 8)}; // |x| < 2^24
  Point q = p + origin + corners[in.e % 4];
  out.r[0] = uint64_t(q.dot(origin));
  constexpr int64_t k = (origin + corners[2]).dot(origin);
  out.r[1] = uint64_t(k);
}

constexpr uint64_t fib(uint32_t n) {
  return n < 2 ? n : fib(n - 1) + fib(n - 2);
}
template <uint32_t N> struct Fib {
  static constexpr uint64_t value = Fib<N - 1>::value + Fib<N - 2>::value;
};
template <> struct Fib<0> { static constexpr uint64_t value = 0; };
template <> struct Fib<1> { static constexpr uint64_t value = 1; };
static_assert(Fib<20>::value == fib(20));
DIFF_CASE(compile_time_recursion, diff::exact) {
  out.r[0] = Fib<90>::value + in.c;
  out.r[1] = fib(in.e % 24); // the same function at run time
}

DIFF_CASE(string_literals, diff::exact) {
  const char *digits = "0123456789abcdef";
  out.r[0] = uint64_t(uint8_t(digits[in.c & 15])) |
             uint64_t(uint8_t("ZYXWVUTSRQPONMLK"[in.d & 15])) << 8;
  static constexpr char name[] = "alloy";
  out.r[1] = sizeof(name) + uint64_t(uint8_t(name[in.e % 5]));
}

constexpr std::string_view words =
    "the quick brown fox jumps over the lazy dog";
constexpr uint64_t count_char(std::string_view s, char c) {
  uint64_t n = 0;
  for (char x : s)
    n += x == c;
  return n;
}
DIFF_CASE(string_view_processing, diff::exact) {
  char c = char('a' + in.e % 26);
  out.r[0] = count_char(words, c);
  out.r[1] = words.find(c);
  std::string_view w = words.substr(in.c % 20, 10);
  out.r[2] = w.size() + uint64_t(uint8_t(w[0])) * 100;
  out.r[3] = uint64_t(words.starts_with("the")) | uint64_t(w.ends_with('o'))
                                                      << 1;
}

// A constexpr variable template table, indexed at run time.
template <class T> constexpr T powers[] = {T(1), T(3), T(9), T(27), T(81)};
DIFF_CASE(constexpr_variable_template_table, diff::exact) {
  out.r[0] = powers<uint64_t>[in.e % 5] * in.a;
  out.f[0] = powers<float>[in.c % 5] * in.f;
}

// constexpr with a local class and a loop that must not be folded at run
// time incorrectly.
constexpr uint32_t isqrt(uint64_t v) {
  uint64_t lo = 0, hi = uint64_t(1) << 32;
  while (hi - lo > 1) {
    uint64_t mid = (lo + hi) / 2;
    if (mid * mid <= v) // mid < 2^32: no wrap
      lo = mid;
    else
      hi = mid;
  }
  return uint32_t(lo);
}
static_assert(isqrt(1000000) == 1000);
DIFF_CASE(constexpr_isqrt, diff::exact) {
  out.r[0] = isqrt(in.a >> 1);
  out.r[1] = isqrt(in.c);
}

} // namespace diff::constexpr_
