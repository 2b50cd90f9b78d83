// Lambdas: captures by value and by reference, init-captures, generic
// lambdas, immediately-invoked lambdas, lambdas passed to templates,
// mutable lambdas, closures returning closures, capture of this, explicit
// template parameter lists, constexpr lambdas, conversion to a function
// pointer.
#define DIFF_FAMILY "lambdas"
#include "harness.hpp"

#include <cstdint>
#include <utility>

namespace diff::lambdas {

DIFF_CASE(capture_by_value, diff::exact) {
  uint64_t k = in.a;
  auto f = [k](uint64_t v) { return v * 3 + k; };
  k = 0; // the copy in f is unaffected
  out.r[0] = f(in.b) + k;
  auto g = [=] { return in.c ^ in.d; };
  out.r[1] = g();
}

DIFF_CASE(capture_by_reference, diff::exact) {
  uint64_t acc = in.a;
  auto add = [&acc](uint64_t v) { acc += v; };
  add(in.b);
  add(in.p);
  auto all = [&] {
    acc ^= in.q;
    return acc;
  };
  out.r[0] = all();
  out.r[1] = acc;
}

DIFF_CASE(mixed_captures, diff::exact) {
  uint64_t base = in.a, total = 0;
  uint32_t n = in.e % 16;
  auto step = [=, &total](uint32_t i) { total += base ^ i; };
  for (uint32_t i = 0; i < n; ++i)
    step(i);
  auto other = [&, base](uint32_t i) { total -= base + i; };
  other(3);
  out.r[0] = total;
}

DIFF_CASE(init_capture, diff::exact) {
  auto f = [n = in.c * 2u, m = in.a] { return n + m; };
  uint64_t x = in.b;
  auto g = [&r = x](uint64_t v) { r += v; };
  g(5);
  out.r[0] = f();
  out.r[1] = x;
}

DIFF_CASE(generic_lambda, diff::exact) {
  auto add = [](auto a, auto b) { return a + b; };
  out.r[0] = add(in.a, in.b);
  out.r[1] = add(in.c, in.d);                     // unsigned wrap
  out.r[2] = sizeof(add(uint8_t(1), uint8_t(2))); // int
  out.f[0] = add(in.f, in.g);
  out.x[0] = add(in.x, 1.0);
}

DIFF_CASE(immediately_invoked, diff::exact) {
  const uint64_t v = [&] {
    uint64_t r = 0;
    for (uint32_t i = 0; i < 8; ++i)
      r = r * 17 + ((in.a >> (8 * i)) & 0xff);
    return r;
  }();
  const uint32_t sel = [](uint32_t e) {
    switch (e % 3) {
    case 0:
      return 10u;
    case 1:
      return 20u;
    default:
      return 30u;
    }
  }(in.e);
  out.r[0] = v;
  out.r[1] = sel;
}

template <class F> uint64_t apply_n(F f, uint64_t v, uint32_t n) {
  for (uint32_t i = 0; i < n; ++i)
    v = f(v);
  return v;
}
template <class F, class G> auto compose(F f, G g) {
  return [f, g](auto v) { return g(f(v)); };
}
DIFF_CASE(lambda_to_template, diff::exact) {
  uint64_t k = in.b | 1;
  out.r[0] = apply_n([k](uint64_t v) { return v * k + 1; }, in.a, in.e % 20);
  auto h = compose([](uint64_t v) { return v + 1; },
                   [](uint64_t v) { return v * 2; });
  out.r[1] = h(in.p);
}

DIFF_CASE(mutable_lambda, diff::exact) {
  auto counter = [c = in.c]() mutable { return ++c; };
  counter();
  counter();
  uint32_t third = counter();
  auto copy = counter; // copies the state
  copy();
  out.r[0] = third;
  out.r[1] = counter();
  out.r[2] = copy();
}

auto make_adder(uint64_t n) {
  return [n](uint64_t v) { return v + n; };
}
auto make_multiplier(uint64_t n) {
  return [n](uint64_t v) { return v * n; };
}
DIFF_CASE(returned_closures, diff::exact) {
  auto add = make_adder(in.a);
  auto mul = make_multiplier(in.b);
  out.r[0] = mul(add(in.p));
  out.r[1] = sizeof(add);
}

DIFF_CASE(recursive_generic_lambda, diff::exact) {
  auto fib = [](auto self, uint32_t n) -> uint64_t {
    return n < 2 ? n : self(self, n - 1) + self(self, n - 2);
  };
  out.r[0] = fib(fib, in.e % 20);
}

struct Scaler {
  uint64_t factor;
  uint64_t by_pointer(uint64_t v) {
    auto f = [this](uint64_t x) { return x * factor; };
    factor += 1; // seen through the captured pointer
    return f(v);
  }
  uint64_t by_copy(uint64_t v) {
    auto g = [*this](uint64_t x) { return x + factor; }; // a copy of *this
    factor += 1;                                         // not seen by the copy
    return g(v);
  }
  uint64_t implicit(uint64_t v) const {
    auto h = [&](uint64_t x) { return x ^ factor; }; // this, implicitly
    return h(v);
  }
};
DIFF_CASE(capture_this, diff::exact) {
  Scaler s{in.a};
  out.r[0] = s.by_pointer(in.b);
  out.r[1] = s.factor;
}
DIFF_CASE(capture_star_this, diff::exact) {
  Scaler s{in.a};
  out.r[0] = s.by_copy(in.b);
  out.r[1] = s.factor;
}
DIFF_CASE(capture_this_implicitly, diff::exact) {
  Scaler s{in.a};
  out.r[0] = s.implicit(in.b);
}

DIFF_CASE(template_parameter_lambda, diff::exact) {
  auto size_of = []<class T>(T) { return sizeof(T); };
  auto first = []<class T, uint32_t N>(const T(&arr)[N]) { return arr[0] + N; };
  uint32_t arr[3] = {in.c, in.d, in.e};
  out.r[0] = size_of(in.a) + size_of(in.c) * 10 + size_of('x') * 100;
  out.r[1] = first(arr);
}

DIFF_CASE(constexpr_lambda, diff::exact) {
  constexpr auto sq = [](uint64_t v) constexpr { return v * v; };
  static_assert(sq(12) == 144);
  constexpr uint64_t k = sq(9);
  out.r[0] = sq(in.c) + k;
}

DIFF_CASE(lambda_to_function_pointer, diff::exact) {
  uint64_t (*fp)(uint64_t) = [](uint64_t v) { return v ^ 0x5555; };
  auto pp = +[](uint64_t v) { return v + 1; };
  out.r[0] = fp(in.a) + pp(in.b);
}

DIFF_CASE(lambda_float_capture, diff::exact) {
  float scale = in.g;
  auto f = [scale](float v) { return v * scale; };
  auto g = [&scale](float v) { return v / (scale == 0 ? 1.0f : scale); };
  out.f[0] = f(in.f);
  out.f[1] = g(in.h);
}

// A lambda stored in a struct and called through a template parameter.
template <class F> struct Callback {
  F fn;
  uint64_t operator()(uint64_t v) const { return fn(v) + 1; }
};
template <class F> Callback(F) -> Callback<F>;
DIFF_CASE(lambda_in_struct, diff::exact) {
  Callback cb{[k = in.a](uint64_t v) { return v ^ k; }};
  out.r[0] = cb(in.b);
}

// Perfect forwarding through a generic lambda.
uint32_t which(uint64_t &) { return 1; }
uint32_t which(uint64_t &&) { return 2; }
DIFF_CASE(forwarding_lambda, diff::exact) {
  auto fwd = [](auto &&v) { return which(std::forward<decltype(v)>(v)); };
  uint64_t x = in.a;
  out.r[0] = fwd(x) * 10 + fwd(uint64_t(in.b));
}

} // namespace diff::lambdas
