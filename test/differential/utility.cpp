// <utility> and <tuple>: std::move, std::forward, std::swap, std::exchange,
// std::pair, std::tuple with structured bindings, std::tie, std::as_const,
// std::addressof, integer sequences, safe integer comparisons.
#define DIFF_FAMILY "utility"
#include "harness.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <tuple>
#include <type_traits>
#include <utility>

namespace diff::utility {

struct Movable {
  uint64_t v;
  uint32_t moved_from = 0;
  explicit Movable(uint64_t x) : v(x) {}
  Movable(const Movable &o) = default;
  Movable(Movable &&o) noexcept : v(o.v) {
    o.v = 0;
    o.moved_from = 1;
  }
  Movable &operator=(Movable &&o) noexcept {
    v = o.v + 1;
    o.v = 0;
    o.moved_from = 2;
    return *this;
  }
  Movable &operator=(const Movable &) = default;
};
DIFF_CASE(std_move, diff::exact) {
  Movable a(in.a);
  Movable b = std::move(a);
  Movable c(in.b);
  c = std::move(b);
  out.r[0] = a.v + b.v + c.v;
  out.r[1] = a.moved_from | b.moved_from << 4 | c.moved_from << 8;
}

uint32_t kind(const uint64_t &) { return 1; }
uint32_t kind(uint64_t &) { return 2; }
uint32_t kind(uint64_t &&) { return 3; }
template <class T> uint32_t forwarded(T &&v) {
  return kind(std::forward<T>(v));
}
template <class T> uint32_t not_forwarded(T &&v) { return kind(v); }
DIFF_CASE(std_forward, diff::exact) {
  uint64_t x = in.a;
  const uint64_t y = in.b;
  out.r[0] = forwarded(x) * 100 + forwarded(y) * 10 + forwarded(uint64_t(in.c));
  out.r[1] = not_forwarded(x) * 100 + not_forwarded(y) * 10 +
             not_forwarded(uint64_t(in.c));
}

struct Two {
  uint64_t a;
  uint32_t b;
};
DIFF_CASE(std_swap, diff::exact) {
  uint64_t x = in.a, y = in.b;
  std::swap(x, y);
  Two s{in.p, in.c}, t{in.q, in.d};
  std::swap(s, t);
  uint32_t arr1[3] = {in.c, in.d, in.e}, arr2[3] = {1, 2, 3};
  std::swap(arr1, arr2);
  using std::swap;
  float f = in.f, g = in.g;
  swap(f, g);
  out.r[0] = x - y;
  out.r[1] = s.a ^ t.b;
  out.r[2] = arr1[0] + arr1[2] * 10 + arr2[1];
  out.f[0] = f;
}

DIFF_CASE(std_exchange, diff::exact) {
  uint64_t v = in.a;
  uint64_t old = std::exchange(v, in.b);
  uint32_t counter = in.c;
  uint32_t prev = std::exchange(counter, counter + 1);
  out.r[0] = old;
  out.r[1] = v;
  out.r[2] = prev;
  out.r[3] = counter;
}

std::pair<uint64_t, uint32_t> divmod(uint64_t a, uint32_t b) {
  return {a / b, uint32_t(a % b)};
}
DIFF_CASE(std_pair, diff::exact) {
  auto p = std::make_pair(in.a, in.c);
  std::pair<uint64_t, uint32_t> q{in.b, in.d};
  auto dm = divmod(in.a, in.e | 1);
  out.r[0] = p.first ^ q.second;
  out.r[1] = uint64_t(p < q) | uint64_t(p == q) << 1 | uint64_t(p > q) << 2;
  out.r[2] = dm.first;
  out.r[3] = dm.second;
}

std::tuple<uint64_t, uint32_t, bool> analyze(uint64_t v) {
  return {v >> 32, uint32_t(v), (v & 1) != 0};
}
DIFF_CASE(tuple_structured_bindings, diff::exact) {
  auto [hi, lo, odd] = analyze(in.a);
  std::tuple<uint32_t, uint64_t, float> t{in.c, in.b, in.f};
  auto &[tc, tb, tf] = t;
  tc += 1;
  out.r[0] = hi ^ lo;
  out.r[1] = odd;
  out.r[2] = std::get<0>(t) + std::get<uint64_t>(t);
  out.r[3] = std::tuple_size_v<decltype(t)>;
  out.f[0] = tf;
  (void)tb;
}

DIFF_CASE(std_tie, diff::exact) {
  uint64_t a = 0;
  uint32_t b = 0;
  std::tie(a, b) = std::pair<uint64_t, uint32_t>{in.a, in.c};
  uint64_t x1 = in.a, y1 = in.b, x2 = in.p, y2 = in.q;
  bool less = std::tie(x1, y1) < std::tie(x2, y2);
  out.r[0] = a + b;
  out.r[1] = less;
  std::tie(std::ignore, b) = std::make_tuple(1, 99u);
  out.r[2] = b;
}

DIFF_CASE(structured_bindings_misc, diff::exact) {
  Two s{in.a, in.c};
  auto [a, b] = s;
  auto &[ra, rb] = s;
  ra = 5;
  uint32_t arr[3] = {in.c, in.d, in.e};
  auto [x, y, z] = arr;
  out.r[0] = a + b + s.a;
  out.r[1] = uint64_t(x) + y + z + rb;
}

uint32_t constness(const uint64_t &) { return 1; }
uint32_t constness(uint64_t &) { return 2; }
struct NoAddress {
  uint64_t v;
  uint64_t operator&() const { return 12345; } // overloaded address-of
};
DIFF_CASE(as_const_addressof, diff::exact) {
  uint64_t v = in.a;
  out.r[0] = constness(v) * 10 + constness(std::as_const(v));
  NoAddress n{in.b};
  const NoAddress *p = std::addressof(n);
  out.r[1] = p->v + (&n);
  uint64_t *q = std::addressof(v);
  *q += 1;
  out.r[2] = v;
}

template <class T, T... Is>
uint64_t weighted(std::integer_sequence<T, Is...>, uint64_t v) {
  return ((uint64_t(Is) * (v >> Is)) + ... + 0);
}
template <size_t... Is>
uint64_t pick_bytes(uint64_t v, std::index_sequence<Is...>) {
  return ((((v >> (8 * Is)) & 0xff) << (8 * (sizeof...(Is) - 1 - Is))) | ...);
}
DIFF_CASE(integer_sequence, diff::exact) {
  out.r[0] = weighted(std::make_integer_sequence<uint32_t, 8>{}, in.a);
  out.r[1] = pick_bytes(in.b, std::make_index_sequence<8>{}); // byte reverse
}

DIFF_CASE(safe_int_compare, diff::exact) {
  int32_t s = int32_t(in.c);
  uint32_t u = in.d;
  int64_t w = int64_t(in.a);
  out.r[0] = uint64_t(std::cmp_less(s, u)) |
             uint64_t(std::cmp_greater(s, u)) << 1 |
             uint64_t(std::cmp_equal(s, u)) << 2 |
             uint64_t(std::cmp_less_equal(w, in.b)) << 3 |
             uint64_t(std::cmp_not_equal(-1, 0xffffffffu)) << 4;
}

DIFF_CASE(in_range, diff::exact) {
  int32_t s = int32_t(in.c);
  int64_t w = int64_t(in.a);
  out.r[0] = uint64_t(std::in_range<int16_t>(s)) |
             uint64_t(std::in_range<uint8_t>(w)) << 1 |
             uint64_t(std::in_range<int32_t>(in.a)) << 2;
}

enum class Level : uint16_t { low = 3, high = 60000 };
DIFF_CASE(to_underlying, diff::exact) {
  Level l = in.e & 1 ? Level::low : Level::high;
  out.r[0] = std::to_underlying(l) + sizeof(std::to_underlying(l));
}

// std::invoke with a lambda, a generic lambda and a function object; a
// std::reference_wrapper around a function object. (Functions through
// pointers: lambdas.lambda_to_function_pointer.)
struct Affine {
  uint64_t k;
  uint64_t operator()(uint64_t v) const { return v * k + 1; }
};
DIFF_CASE(std_invoke, diff::exact) {
  auto sq = [](uint64_t v) { return v * v; };
  Affine a{in.b};
  out.r[0] = std::invoke(sq, in.a);
  out.r[1] = std::invoke(a, in.a);
  out.r[2] = std::invoke([](auto v) { return v + 1; }, in.a);
  out.r[3] = std::ref(a)(in.p) + std::invoke(std::cref(a), in.q);
}

} // namespace diff::utility
