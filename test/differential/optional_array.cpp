// std::optional used locally (has_value, value_or, operator*, operator->,
// reset, emplace, comparisons, the C++23 monadic operations) and
// std::array (element access, iteration, comparisons, std::to_array,
// nested arrays, structured bindings). No .value()/.at(): they throw.
#define DIFF_FAMILY "optional_array"
#include "harness.hpp"

#include <array>
#include <cstdint>
#include <optional>

namespace diff::optional_array {

DIFF_CASE(optional_basics, diff::exact) {
  std::optional<uint64_t> o;
  out.r[0] = o.has_value() ? 1 : 0;
  out.r[1] = o.value_or(in.a);
  if (in.e & 1)
    o = in.b;
  out.r[2] = o ? *o : 77;
  o.reset();
  o.emplace(in.p);
  *o += 1;
  out.r[3] = *o + uint64_t(bool(o));
}

std::optional<uint32_t> parse_digit(uint32_t c) {
  if (c % 64 < 10)
    return c % 64;
  return std::nullopt;
}
std::optional<uint64_t> safe_div(uint64_t a, uint64_t b) {
  if (b == 0)
    return {};
  return a / b;
}
DIFF_CASE(optional_return, diff::exact) {
  auto d = parse_digit(in.c);
  out.r[0] = d.value_or(100);
  out.r[1] = safe_div(in.a, in.b & 0xff).value_or(~0ull);
  auto e = parse_digit(in.e);
  out.r[2] = (d && e) ? *d * 10 + *e : 999;
}

struct Pt {
  int32_t x, y;
  int64_t norm1() const {
    return int64_t(x < 0 ? -int64_t(x) : x) + (y < 0 ? -int64_t(y) : y);
  }
};
DIFF_CASE(optional_struct, diff::exact) {
  std::optional<Pt> p;
  if (in.e % 3)
    p = Pt{int32_t(in.c), int32_t(in.d)};
  out.r[0] = p ? uint64_t(p->norm1()) : 5;
  out.r[1] = p.has_value();
  p.emplace(Pt{1, -2});
  out.r[2] = uint64_t(p->norm1());
}

DIFF_CASE(optional_comparisons, diff::exact) {
  std::optional<int32_t> a, b;
  if (in.e & 1)
    a = int32_t(in.c);
  if (in.e & 2)
    b = int32_t(in.d);
  out.r[0] = uint64_t(a == b) | uint64_t(a < b) << 1 | uint64_t(a > b) << 2 |
             uint64_t(a == std::nullopt) << 3 | uint64_t(a == 5) << 4 |
             uint64_t(b != int32_t(in.d)) << 5;
}

DIFF_CASE(optional_monadic, diff::exact) {
  std::optional<uint32_t> o;
  if (in.e & 1)
    o = in.c;
  auto doubled = o.transform([](uint32_t v) { return uint64_t(v) * 2; });
  auto checked = o.and_then([](uint32_t v) -> std::optional<uint32_t> {
    if (v % 2)
      return v;
    return std::nullopt;
  });
  auto fallback = checked.or_else([] { return std::optional<uint32_t>(42u); });
  out.r[0] = doubled.value_or(1);
  out.r[1] = checked.value_or(2);
  out.r[2] = *fallback;
}

// optional<T> with a non-trivial destructor: reset() and leaving the scope
// run it.
struct Logger {
  uint64_t &log;
  uint64_t id;
  ~Logger() { log = log * 10 + id; }
};
DIFF_CASE(optional_destructor, diff::exact) {
  uint64_t log = 0;
  {
    std::optional<Logger> a;
    a.emplace(log, 1);
    std::optional<Logger> b;
    if (in.e & 1)
      b.emplace(log, 2);
    a.reset();
    a.emplace(log, 3);
  }
  out.r[0] = log;
}

DIFF_CASE(array_basics, diff::exact) {
  std::array<uint64_t, 4> a{in.a, in.b, in.p, in.q};
  out.r[0] = a.size() + a[in.e % 4];
  out.r[1] = a.front() ^ a.back();
  a.fill(in.c);
  a[1] = 5;
  uint64_t s = 0;
  for (uint64_t v : a)
    s = s * 3 + v;
  out.r[2] = s;
  out.r[3] = *(a.data() + 1) + std::get<2>(a) + uint64_t(a.empty());
}

DIFF_CASE(array_comparisons, diff::exact) {
  std::array<int32_t, 3> a{int32_t(in.c), int32_t(in.d), 1};
  std::array<int32_t, 3> b{int32_t(in.c), int32_t(in.e), 1};
  out.r[0] = uint64_t(a == b) | uint64_t(a < b) << 1 | uint64_t(a >= b) << 2;
  auto c = a;
  c[2] = 2;
  out.r[1] = uint64_t(c > a) | uint64_t((c <=> a) > 0) << 1;
}

std::array<uint32_t, 5> make_array(uint32_t seed) {
  std::array<uint32_t, 5> r{};
  for (uint32_t i = 0; i < r.size(); ++i)
    r[i] = seed + i * i;
  return r;
}
DIFF_CASE(array_returned_and_to_array, diff::exact) {
  auto a = make_array(in.c);
  auto b = std::to_array({in.d, in.e, 3u});
  auto c = std::to_array<uint64_t>({1, 2});
  out.r[0] = uint64_t(a[4]) + b[0] + b.size() * 100 + c[1];
  uint32_t raw[3] = {in.c, 9, 8};
  auto d = std::to_array(raw);
  out.r[1] = d[0] + d[2];
}

DIFF_CASE(nested_arrays, diff::exact) {
  std::array<std::array<uint32_t, 4>, 3> m{};
  for (size_t i = 0; i < 3; ++i)
    for (size_t j = 0; j < 4; ++j)
      m[i][j] = in.c * uint32_t(i + 1) ^ uint32_t(j);
  uint64_t s = 0;
  for (const auto &row : m)
    for (uint32_t v : row)
      s = s * 5 + v;
  out.r[0] = s;
  out.r[1] = sizeof(m);
}

DIFF_CASE(array_structured_bindings, diff::exact) {
  std::array<uint64_t, 3> a{in.a, in.b, in.p};
  auto [x, y, z] = a;
  auto &[rx, ry, rz] = a;
  rx = 1;
  out.r[0] = x ^ y ^ z;
  out.r[1] = a[0] + ry + rz;
}

DIFF_CASE(array_of_floats, diff::exact) {
  std::array<float, 3> f{in.f, in.g, in.h};
  std::array<double, 2> d{in.x, in.y};
  float m = f[0];
  for (float v : f)
    m = v > m ? v : m;
  out.f[0] = m;
  out.f[1] = f[1] + f[2];
  out.x[0] = d[0] - d[1];
}

} // namespace diff::optional_array
