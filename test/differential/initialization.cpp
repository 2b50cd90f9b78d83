// Initialization: braced scalars, aggregates, designated initializers,
// default member initializers, `= {}`, value-initialization, nested
// aggregates and brace elision, arrays of structs, parenthesized aggregate
// initialization (C++20), partial array initialization.
#define DIFF_FAMILY "initialization"
#include "harness.hpp"

#include <cstdint>

// Omitted initializers and brace elision are what this family tests.
#pragma clang diagnostic ignored "-Wmissing-field-initializers"
#pragma clang diagnostic ignored "-Wmissing-designated-field-initializers"
#pragma clang diagnostic ignored "-Wmissing-braces"

namespace diff::initialization {

struct P {
  int32_t x, y;
  uint64_t z;
};
uint64_t mix(const P &p) {
  return uint64_t(int64_t(p.x)) * 1000003u ^ uint64_t(int64_t(p.y)) * 7919u ^
         p.z;
}

DIFF_CASE(braced_scalars, diff::exact) {
  uint32_t one = uint32_t{1};
  const int32_t a{int32_t(in.c)};
  const int64_t w{a}; // widening: not narrowing
  auto u8 = uint8_t{200};
  double d{in.f}; // float -> double: not narrowing
  int32_t zero{};
  uint64_t big{in.a};
  auto v{5u};
  out.r[0] = one + uint64_t(w) + u8 + zero;
  out.r[1] = big ^ v;
  out.x[0] = d;
}

DIFF_CASE(aggregate_init, diff::exact) {
  P p{int32_t(in.c), int32_t(in.d), in.a};
  P q = {int32_t(in.e), 7}; // z zero-initialized
  P r{};
  out.r[0] = mix(p);
  out.r[1] = mix(q);
  out.r[2] = mix(r);
}

DIFF_CASE(designated_init, diff::exact) {
  P p{.x = int32_t(in.c), .z = in.b}; // y zero
  P q{.y = -3};
  out.r[0] = mix(p);
  out.r[1] = mix(q);
}

struct D {
  int32_t a = 5;
  uint32_t b = 7;
  int32_t c;
  uint64_t d = 0xabcdefull;
};
DIFF_CASE(default_member_init, diff::exact) {
  D d1{};
  D d2{.c = int32_t(in.c)};
  D d3{10, in.d, 3};
  D d4;
  d4.c = int32_t(in.e); // the others come from the defaults
  out.r[0] = uint64_t(int64_t(d1.a + d1.c)) + d1.b + d1.d;
  out.r[1] =
      uint64_t(int64_t(d2.a)) + d2.b * 3 + uint64_t(int64_t(d2.c)) + d2.d;
  out.r[2] = uint64_t(int64_t(d3.a)) + d3.b + uint64_t(int64_t(d3.c)) + d3.d;
  out.r[3] = uint64_t(int64_t(d4.a)) ^ d4.b ^ uint64_t(int64_t(d4.c)) ^ d4.d;
}

DIFF_CASE(equals_braces, diff::exact) {
  P p = {};
  int32_t arr[5] = {};
  double dd = {};
  uint64_t w = {};
  arr[in.e % 5] = int32_t(in.c);
  uint64_t s = 0;
  for (int i = 0; i < 5; ++i)
    s = s * 17 + uint64_t(int64_t(arr[i]));
  out.r[0] = mix(p) + s + w;
  out.x[0] = dd;
}

DIFF_CASE(value_init, diff::exact) {
  int32_t a = int32_t();
  uint64_t b = uint64_t{};
  P p = P();
  float f = float();
  bool flag{};
  D d = D();
  out.r[0] = uint64_t(a) + b + mix(p) + flag;
  out.r[1] = uint64_t(int64_t(d.c)); // value-initialized: 0
  out.f[0] = f;
}

struct Line {
  P from, to;
  uint32_t color;
};
DIFF_CASE(nested_aggregates, diff::exact) {
  Line l1{{int32_t(in.c), 2, 3}, {4, 5, in.a}, 9};
  Line l2{1, 2, 3, 4, 5, 6, in.e}; // brace elision
  Line l3{.to = {.y = int32_t(in.d)}, .color = 1};
  out.r[0] = mix(l1.from) ^ mix(l1.to) ^ l1.color;
  out.r[1] = mix(l2.from) ^ mix(l2.to) ^ l2.color;
  out.r[2] = mix(l3.from) ^ mix(l3.to) ^ l3.color;
}

DIFF_CASE(arrays_of_structs, diff::exact) {
  P ps[4] = {{1, 2, 3}, {int32_t(in.c), int32_t(in.d), in.a}};
  ps[3].z = in.b;
  Line ls[2] = {};
  ls[1].to.x = int32_t(in.e);
  uint64_t h = 0;
  for (const P &p : ps)
    h = h * 3 + mix(p);
  out.r[0] = h;
  out.r[1] = mix(ls[0].from) + mix(ls[1].to);
}

DIFF_CASE(paren_aggregate_init, diff::exact) {
  P p(int32_t(in.c), int32_t(in.d), in.a); // C++20
  P q(1);                                  // the rest value-initialized
  int32_t arr[3](int32_t(in.e), 2, 3);
  int32_t arr2[](4, 5);
  out.r[0] = mix(p);
  out.r[1] = mix(q);
  out.r[2] = uint64_t(int64_t(arr[0])) + uint64_t(arr[1] * 10 + arr[2] * 100);
  out.r[3] = sizeof(arr2) / sizeof(arr2[0]) + uint64_t(arr2[1]);
}

DIFF_CASE(partial_arrays_and_strings, diff::exact) {
  uint32_t a[8] = {in.c, in.d};
  char s[8] = "abc";
  char t[] = {'x', 'y', 'z', '\0'};
  uint64_t h = 0;
  for (uint32_t v : a)
    h = h * 31 + v;
  for (char ch : s)
    h = h * 131 + uint64_t(uint8_t(ch));
  out.r[0] = h;
  out.r[1] = sizeof(t) + uint64_t(uint8_t(t[in.e % 4]));
  s[in.e % 3] = 'q';
  out.r[2] = uint64_t(uint8_t(s[0])) << 16 | uint64_t(uint8_t(s[1])) << 8 |
             uint64_t(uint8_t(s[2]));
}

struct WithArray {
  int32_t v[4];
  uint32_t n;
};
DIFF_CASE(struct_with_array_member, diff::exact) {
  WithArray w{{1, int32_t(in.c), 3, 4}, 4};
  WithArray u{5, 6}; // brace elision into v
  WithArray z{};
  uint64_t h = 0;
  for (uint32_t i = 0; i < w.n; ++i)
    h = h * 7 + uint64_t(int64_t(w.v[i]));
  out.r[0] = h;
  out.r[1] = uint64_t(u.v[0] + u.v[1] + u.v[2] + u.v[3]) + u.n;
  out.r[2] = uint64_t(z.v[3]) + z.n;
}

P make_p(uint32_t a, uint32_t b) { return {int32_t(a), int32_t(b), a + 0ull}; }
Line make_line(const P &a) { return Line{a, {a.y, a.x, 1}, 2}; }
DIFF_CASE(returned_aggregates, diff::exact) {
  P p = make_p(in.c, in.d);
  Line l = make_line(p);
  out.r[0] = mix(p);
  out.r[1] = mix(l.to) + l.color;
  out.r[2] = mix(make_line(make_p(in.e, in.c)).from);
}

// Locals initialized from each other and from const locals.
DIFF_CASE(initializer_dependencies, diff::exact) {
  const uint32_t k = in.c % 1000;
  uint32_t arr[3] = {k, k + 1, k * 2};
  uint32_t a = arr[2], b = a + arr[0], c = b * 2;
  const auto &ref = arr[1];
  out.r[0] = uint64_t(a) + b + c + ref;
}

uint64_t defaults(uint64_t a, uint64_t b = 10, uint64_t c = 100) {
  return a + b * 2 + c * 3;
}
DIFF_CASE(default_arguments, diff::exact) {
  out.r[0] = defaults(in.a);
  out.r[1] = defaults(in.a, in.b);
  out.r[2] = defaults(in.a, in.b, in.c);
}

// A float aggregate and conversion in copy-initialization.
struct FP {
  float f;
  double d;
};
DIFF_CASE(float_aggregates, diff::exact) {
  FP a{in.f, in.x};
  FP b = {in.g}; // d = 0.0
  FP c{.d = in.y};
  double conv = in.f; // float -> double
  out.f[0] = a.f;
  out.x[0] = a.d + b.d + c.d;
  out.f[1] = b.f + c.f;
  out.x[1] = conv;
}

// Static storage duration: constant-initialized tables at namespace scope.
const uint32_t table[4] = {0x11, 0x22, 0x33, 0x44};
DIFF_CASE(const_namespace_table, diff::exact) {
  out.r[0] = table[in.e % 4] ^ in.c;
}

} // namespace diff::initialization
