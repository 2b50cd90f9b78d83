// Templates: function and class templates, specialization (full and
// partial), non-type parameters, variadic templates and fold expressions,
// if constexpr, concepts and requires-expressions used as bools,
// constrained overloads, CTAD, template template parameters, variable
// templates, abbreviated function templates.
#define DIFF_FAMILY "templates"
#include "harness.hpp"

#include <concepts>
#include <cstdint>
#include <type_traits>

namespace diff::templates {

template <class T> T twice(T v) { return T(v + v); }
template <class T, class U> auto add(T a, U b) { return a + b; }
DIFF_CASE(function_template_deduction, diff::exact) {
  out.r[0] = twice(in.a);          // uint64_t
  out.r[1] = twice(uint8_t(in.c)); // wraps at 8 bits
  out.r[2] = uint64_t(int64_t(twice<int16_t>(int16_t(in.d)))); // modular
  out.r[3] = add(in.c, uint64_t(in.d)) + sizeof(add(int8_t(1), int16_t(2)));
  out.f[0] = twice(in.f);
  out.x[0] = add(in.f, in.y); // float + double -> double
}

template <class T> uint64_t describe(T) { return 1; }
template <> uint64_t describe<uint32_t>(uint32_t v) { return 100 + v % 7; }
template <> uint64_t describe<double>(double) { return 200; }
template <class T> struct traits { static constexpr uint64_t kind = 0; };
template <class T> struct traits<T *> { static constexpr uint64_t kind = 1; };
template <class T> struct traits<const T *> {
  static constexpr uint64_t kind = 2;
};
template <class T, unsigned N> struct traits<T[N]> {
  static constexpr uint64_t kind = 10 + N;
};
DIFF_CASE(specialization, diff::exact) {
  out.r[0] = describe(in.a) + describe(in.c) + describe(in.x);
  out.r[1] = traits<int>::kind + traits<int *>::kind * 10 +
             traits<const int *>::kind * 100 + traits<int[5]>::kind * 1000;
}

template <class T, class U> struct Pair {
  T first;
  U second;
  template <class V> auto scaled(V s) const { return first * s + second; }
  Pair<U, T> swapped() const { return {second, first}; }
};
DIFF_CASE(class_template, diff::exact) {
  Pair<uint64_t, uint32_t> p{in.a, in.c};
  auto q = p.swapped();
  out.r[0] = p.scaled(uint64_t(3));
  out.r[1] = q.first + q.second;
  out.r[2] = sizeof(q);
}

template <int N> constexpr int64_t sum_to() { return N + sum_to<N - 1>(); }
template <> constexpr int64_t sum_to<0>() { return 0; }
template <auto V> constexpr auto constant() { return V; }
template <uint32_t Mask> uint32_t masked(uint32_t v) { return v & Mask; }
DIFF_CASE(non_type_parameters, diff::exact) {
  out.r[0] = uint64_t(sum_to<20>()) + in.c;
  out.r[1] = constant<'A'>() + constant<7ull>() + in.d;
  out.r[2] = masked<0xff00ff00u>(in.e);
}

template <class... Ts> uint64_t sum(Ts... ts) {
  return (uint64_t(ts) + ... + 0);
}
template <class... Ts> bool all_odd(Ts... ts) { return ((ts % 2 == 1) && ...); }
template <class... Ts> uint64_t or_all(Ts... ts) {
  return (... | uint64_t(ts));
}
template <class... Ts> uint64_t count_args(Ts...) { return sizeof...(Ts); }
DIFF_CASE(variadic_folds, diff::exact) {
  out.r[0] = sum(in.c, in.d, uint8_t(in.e), in.a);
  out.r[1] = uint64_t(all_odd(in.c, in.d, in.e)) | uint64_t(all_odd()) << 1;
  out.r[2] = or_all(in.c << 1, in.d >> 3, in.a);
  out.r[3] = count_args() * 100 + count_args(1, 2.0, 'c');
}

// A comma fold that calls a function per argument, in order.
template <class... Ts> uint64_t log_each(Ts... ts) {
  uint64_t log = 0;
  ((log = log * 1000 + uint64_t(ts) % 1000), ...);
  return log;
}
// Recursion over a pack: head and tail.
uint64_t hash_all() { return 17; }
template <class T, class... Rest> uint64_t hash_all(T head, Rest... rest) {
  return uint64_t(head) * 31 + hash_all(rest...);
}
DIFF_CASE(variadic_recursion, diff::exact) {
  out.r[0] = log_each(in.c, in.d, in.e);
  out.r[1] = hash_all(in.c, in.a, uint16_t(in.e));
  out.r[2] = hash_all();
}

template <class T> uint64_t kind_of(T v) {
  if constexpr (std::is_same_v<T, bool>)
    return v ? 11 : 10;
  else if constexpr (std::is_signed_v<T> && std::is_integral_v<T>)
    return v < 0 ? 20 : 21;
  else if constexpr (std::is_integral_v<T>)
    return 30 + sizeof(T);
  else
    return v != v ? 40 : 41;
}
DIFF_CASE(if_constexpr, diff::exact) {
  out.r[0] = kind_of(bool(in.c & 1)) * 1000000 +
             kind_of(int32_t(in.c)) * 10000 + kind_of(in.a) * 100 +
             kind_of(in.f);
}

template <class T> uint64_t concept_bits(T v) {
  uint64_t r = 0;
  if constexpr (std::integral<T>)
    r |= 1;
  if constexpr (std::floating_point<T>)
    r |= 2;
  if constexpr (std::signed_integral<T>)
    r |= 4;
  if constexpr (requires(T t) { t.size(); })
    r |= 8;
  if constexpr (requires { typename T::value_type; })
    r |= 16;
  constexpr bool addable = requires(T a, T b) { a + b; };
  return r | uint64_t(addable) << 5 | uint64_t(v == v) << 6;
}
struct Sized {
  using value_type = int;
  uint32_t n;
  uint32_t size() const { return n; }
  bool operator==(const Sized &) const = default;
};
DIFF_CASE(concepts_as_bools, diff::exact) {
  out.r[0] = concept_bits(int32_t(in.c));
  out.r[1] = concept_bits(in.a);
  out.r[2] = concept_bits(in.x); // NaN: bit 6 clear
  out.r[3] = concept_bits(Sized{in.d});
}

template <std::integral T> uint64_t pick(T v) { return uint64_t(v) * 2; }
template <std::floating_point T> uint64_t pick(T v) { return v < 0 ? 1 : 2; }
template <class T>
requires(sizeof(T) == 1) uint64_t tiny(T v) {
  return uint64_t(uint8_t(v)) + 1000;
}
template <class T> uint64_t tiny(T v) { return uint64_t(v) & 0xff; }
DIFF_CASE(constrained_overloads, diff::exact) {
  out.r[0] = pick(in.c) + pick(in.f);
  out.r[1] = tiny(uint8_t(in.c)) + tiny(in.d) * 10000;
}

template <class T> struct Box {
  T value;
  T get() const { return value; }
};
template <class T> struct Holder {
  T v;
  explicit Holder(T x) : v(x) {}
};
template <class T, class U> struct Two {
  T t;
  U u;
};
template <class T, class U> Two(T, U) -> Two<T, U>;
DIFF_CASE(ctad, diff::exact) {
  Box b{in.a};       // aggregate CTAD: Box<uint64_t>
  Holder h(in.c);    // constructor CTAD
  Two t{in.d, in.f}; // deduction guide
  out.r[0] = b.get() ^ h.v;
  out.r[1] = t.t + sizeof(b) * 1000 + sizeof(h) * 100;
  out.f[0] = t.u;
}

template <template <class> class W, class T> T unwrap(const W<T> &w) {
  return w.value;
}
DIFF_CASE(template_template, diff::exact) {
  Box<uint32_t> b{in.c};
  out.r[0] = unwrap(b) + 1;
}

template <class T> constexpr T limit_v = T(1000);
template <> constexpr double limit_v<double> = 0.5;
template <class T> constexpr bool is_wide_v = sizeof(T) >= 8;
DIFF_CASE(variable_templates, diff::exact) {
  out.r[0] = limit_v<uint32_t> + in.c % limit_v<uint64_t>;
  out.x[0] = in.x * limit_v<double>;
  out.r[1] = uint64_t(is_wide_v<uint64_t>) + uint64_t(is_wide_v<int32_t>) * 2;
}

decltype(auto) first_ref(uint64_t (&arr)[4]) { return (arr[0]); }
template <class T> auto square(T v) -> decltype(v * v) { return v * v; }
DIFF_CASE(decltype_auto, diff::exact) {
  uint64_t arr[4] = {in.a, in.b, in.p, in.q};
  first_ref(arr) = 99; // returns uint64_t&
  out.r[0] = arr[0] + arr[1];
  out.r[1] = square(in.c);
  out.r[2] = square(in.d + 0ull);
}

template <class T, std::enable_if_t<std::is_unsigned_v<T>, int> = 0>
uint64_t sfinae(T v) {
  return v % 1000;
}
template <class T, std::enable_if_t<!std::is_unsigned_v<T>, int> = 0>
uint64_t sfinae(T) {
  return 5000;
}
DIFF_CASE(enable_if, diff::exact) {
  out.r[0] = sfinae(in.c) + sfinae(int32_t(in.d)) + sfinae(in.a);
}

uint64_t abbreviated(auto a, auto b) { return uint64_t(a) * 7 + uint64_t(b); }
auto max_of(std::totally_ordered auto a, decltype(a) b) {
  return a < b ? b : a;
}
DIFF_CASE(abbreviated_templates, diff::exact) {
  out.r[0] = abbreviated(in.c, in.e);
  out.r[1] = abbreviated(uint8_t(in.d), in.a);
  out.r[2] = max_of(in.a, in.b);
  out.f[0] = max_of(in.f, in.g);
}

// Class template with a static member function and a dependent base.
template <class T> struct Counter {
  T n{};
  void bump() { n += T(1); }
};
template <class T> struct Counter2 : Counter<T> {
  void bump2() {
    this->bump();
    this->bump();
  }
};
DIFF_CASE(dependent_base, diff::exact) {
  Counter2<uint8_t> c;
  c.n = uint8_t(in.c);
  c.bump2();
  out.r[0] = c.n;
}

} // namespace diff::templates
