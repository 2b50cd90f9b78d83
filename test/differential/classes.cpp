// Classes: constructors (overloaded, delegating, member initializer lists),
// member functions, operators, non-virtual inheritance (single and
// multiple), copy and move, and non-trivial destructors whose side effects
// are recorded into a local log, on every way out of a scope (end of block,
// break, continue, return, goto, end of a full expression).
#define DIFF_FAMILY "classes"
#include "harness.hpp"

#include <compare>
#include <cstdint>
#include <utility>

namespace diff::classes {

class Acc {
public:
  Acc() : v_(1) {}
  explicit Acc(uint64_t v) : v_(v) {}
  Acc(uint32_t hi, uint32_t lo) : Acc((uint64_t(hi) << 32) | lo) {}
  Acc &add(uint64_t d) {
    v_ += d;
    return *this;
  }
  Acc &mul(uint64_t m) {
    v_ *= m;
    return *this;
  }
  uint64_t get() const { return v_; }
  uint64_t get() { return v_ ^ 1; } // non-const overload
  static uint64_t twice(uint64_t v) { return v * 2; }

private:
  uint64_t v_;
};
DIFF_CASE(constructors_and_members, diff::exact) {
  Acc a;
  Acc b(in.a);
  Acc c(in.c, in.d);
  const Acc k(in.b);
  out.r[0] = a.add(in.a).mul(3).get();
  out.r[1] = b.get() + c.get();
  out.r[2] = k.get();
  out.r[3] = Acc::twice(in.p);
}

// Member initializers run in declaration order, whatever the list says.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wreorder-ctor"
struct Ordered {
  uint64_t first;
  uint64_t second;
  uint64_t third;
  Ordered(uint64_t v) : third(second + 1), second(first * 3), first(v) {}
};
#pragma clang diagnostic pop
DIFF_CASE(member_init_order, diff::exact) {
  Ordered o(in.a);
  out.r[0] = o.first;
  out.r[1] = o.second;
  out.r[2] = o.third;
}

struct V3 {
  int32_t x = 0, y = 0, z = 0;
  V3() = default;
  constexpr V3(int32_t a, int32_t b, int32_t c) : x(a), y(b), z(c) {}
  V3 operator+(const V3 &o) const { return {x + o.x, y + o.y, z + o.z}; }
  V3 operator-() const { return {-x, -y, -z}; }
  V3 &operator+=(const V3 &o) {
    x += o.x;
    y += o.y;
    z += o.z;
    return *this;
  }
  V3 &operator++() {
    ++x;
    return *this;
  }
  V3 operator++(int) {
    V3 old = *this;
    ++*this;
    return old;
  }
  int32_t &operator[](int i) { return i == 0 ? x : (i == 1 ? y : z); }
  int32_t operator[](int i) const { return i == 0 ? x : (i == 1 ? y : z); }
  explicit operator bool() const { return x || y || z; }
  operator int64_t() const { return int64_t(x) + y + z; }
  bool operator==(const V3 &o) const {
    return x == o.x && y == o.y && z == o.z;
  }
  bool operator<(const V3 &o) const {
    return x != o.x ? x < o.x : (y != o.y ? y < o.y : z < o.z);
  }
};
// Defaulted comparisons (C++20): == and <=>, and the operators that the
// compiler rewrites in terms of them (!=, <, >, <=, >=).
struct Version {
  uint16_t major, minor;
  uint32_t patch;
  friend bool operator==(const Version &, const Version &) = default;
  friend auto operator<=>(const Version &, const Version &) = default;
};
V3 operator*(int32_t s, const V3 &v) { return {s * v.x, s * v.y, s * v.z}; }
// Components small enough that no operation overflows.
V3 small_v3(uint32_t bits) {
  return {int32_t(bits & 0x3ff) - 512, int32_t((bits >> 10) & 0x3ff) - 512,
          int32_t((bits >> 20) & 0x3ff) - 512};
}
DIFF_CASE(operators, diff::exact) {
  V3 a = small_v3(in.c), b = small_v3(in.d);
  V3 s = a + b;
  V3 n = -a;
  V3 m = 3 * b;
  V3 c = a;
  c += b;
  V3 post = c++;
  ++c;
  c[int(in.e % 3)] = 7;
  out.r[0] = uint64_t(int64_t(s)) ^ (uint64_t(int64_t(n)) << 16);
  out.r[1] = uint64_t(int64_t(m)) ^ (uint64_t(int64_t(post)) << 20) ^
             uint64_t(int64_t(c) << 40);
  out.r[2] = uint64_t(a == b) | uint64_t(a < b) << 1 | uint64_t(b < a) << 2 |
             uint64_t(bool(a)) << 3 | uint64_t(a == a) << 4;
  const V3 k = b;
  out.r[3] = uint64_t(int64_t(k[0] + k[1] + k[2]));
}

DIFF_CASE(defaulted_comparisons, diff::exact) {
  Version a{uint16_t(in.c % 3), uint16_t(in.d % 3), in.e % 3};
  Version b{uint16_t(in.d % 3), uint16_t(in.c % 3), (in.e >> 2) % 3};
  auto order = a <=> b;
  out.r[0] = uint64_t(a == b) | uint64_t(a != b) << 1 | uint64_t(a < b) << 2 |
             uint64_t(a > b) << 3 | uint64_t(a <= b) << 4 |
             uint64_t(a >= b) << 5;
  out.r[1] = order < 0 ? 1 : (order == 0 ? 2 : 3);
}

// Single inheritance without virtual functions.
struct Base {
  uint64_t id;
  uint32_t scale = 2;
  explicit Base(uint64_t i) : id(i) {}
  uint64_t value() const { return id * scale; }
  uint64_t name() const { return 1; }
};
struct Derived : Base {
  uint64_t extra;
  Derived(uint64_t i, uint64_t e) : Base(i), extra(e) { scale = 3; }
  uint64_t name() const { return 2; } // hides Base::name
  uint64_t total() const { return value() + extra + Base::name(); }
};
uint64_t via_base(const Base &b) { return b.value() + b.name(); }
DIFF_CASE(single_inheritance, diff::exact) {
  Derived d(in.a, in.b);
  out.r[0] = d.total();
  out.r[1] = via_base(d);
  out.r[2] = d.name();
  Base &b = d;
  b.id = in.c;
  out.r[3] = d.total();
}

// Multiple inheritance: the conversion to the second base adjusts the
// pointer.
struct Left {
  uint32_t l = 1;
  uint32_t left() const { return l * 10; }
};
struct Right {
  uint64_t r = 2;
  uint64_t right() const { return r * 100; }
};
struct Both : Left, Right {
  uint32_t b = 3;
};
uint64_t read_right(const Right *p) { return p->right(); }
DIFF_CASE(multiple_inheritance, diff::exact) {
  Both x;
  x.l = in.c;
  x.r = in.a;
  x.b = in.d;
  Right *rp = &x;
  Left &lr = x;
  out.r[0] = read_right(&x) + lr.left() + x.b;
  out.r[1] = rp->r;
  out.r[2] = reinterpret_cast<uintptr_t>(rp) -
             reinterpret_cast<uintptr_t>(&x); // the offset of Right
}

// Downcasts: static_cast from a base back to the derived class adjusts the
// pointer (and the reference) the other way.
DIFF_CASE(base_to_derived_cast, diff::exact) {
  Both x;
  x.l = in.c;
  x.r = in.a;
  x.b = in.d;
  Right *rp = &x;
  Both *back = static_cast<Both *>(rp);
  Left &lr = x;
  Both &back_ref = static_cast<Both &>(lr);
  out.r[0] = back->b + back->l;
  out.r[1] = back_ref.r;
  out.r[2] = back == &x;
}

// A class that counts its copies and moves.
struct Counted {
  uint64_t v;
  uint32_t copies = 0, moves = 0;
  explicit Counted(uint64_t x) : v(x) {}
  Counted(const Counted &o) : v(o.v), copies(o.copies + 1), moves(o.moves) {}
  Counted(Counted &&o) noexcept : v(o.v), copies(o.copies), moves(o.moves + 1) {
    o.v = 0;
  }
  Counted &operator=(const Counted &o) {
    v = o.v + 1;
    copies = o.copies + 10;
    return *this;
  }
  Counted &operator=(Counted &&o) noexcept {
    v = o.v;
    moves = o.moves + 10;
    o.v = 0;
    return *this;
  }
};
Counted pass_through(Counted c) { return c; } // moved out
DIFF_CASE(copy_and_move, diff::exact) {
  Counted a(in.a);
  // static_cast<T &&> rather than std::move: utility.std_move tests that.
  Counted b = a;                          // copy
  Counted c = static_cast<Counted &&>(a); // move: a.v = 0
  Counted d(1);
  d = b; // copy-assign
  Counted e(2);
  e = static_cast<Counted &&>(c); // move-assign
  Counted f = pass_through(b);
  out.r[0] = a.v + b.v * 3 + c.v;
  out.r[1] = d.v ^ e.v;
  out.r[2] = uint64_t(b.copies) | uint64_t(d.copies) << 8 |
             uint64_t(e.moves) << 16 | uint64_t(f.copies) << 24 |
             uint64_t(f.moves) << 32;
  out.r[3] = f.v;
}

// RAII: each guard appends its id to the log when it is destroyed.
struct Guard {
  uint64_t &log;
  uint64_t id;
  Guard(uint64_t &l, uint64_t i) : log(l), id(i) {}
  Guard(const Guard &) = delete;
  ~Guard() { log = log * 10 + id; }
};

DIFF_CASE(destructor_scopes, diff::exact) {
  uint64_t log = 0;
  {
    Guard a(log, 1);
    {
      Guard b(log, 2);
      Guard c(log, 3); // destroyed before b
    }
    if (in.e & 1) {
      Guard d(log, 4);
    } else {
      Guard e(log, 5);
    }
  }
  out.r[0] = log;
}

uint64_t loop_guards(uint32_t n, uint32_t sel) {
  uint64_t log = 0;
  for (uint32_t i = 0; i < n; ++i) {
    Guard g(log, 1 + i % 9);
    if ((sel >> i) & 1)
      continue; // g runs
    Guard h(log, 9);
    if (i == 5)
      break; // h, then g
  }
  return log;
}
DIFF_CASE(destructor_break_continue, diff::exact) {
  out.r[0] = loop_guards(in.e % 9, in.c);
  out.r[1] = loop_guards(8, in.d);
}

uint64_t early_return(uint64_t &log, uint32_t sel) {
  Guard a(log, 1);
  if (sel % 4 == 0)
    return log; // the value is read before a is destroyed
  Guard b(log, 2);
  {
    Guard c(log, 3);
    if (sel % 4 == 1)
      return 100 + log;
  }
  Guard d(log, 4);
  if (sel % 4 == 2)
    return 200;
  return 300;
}
DIFF_CASE(destructor_return_paths, diff::exact) {
  uint64_t log = 0;
  uint64_t r = early_return(log, in.e);
  out.r[0] = r;
  out.r[1] = log;
}

uint64_t goto_guards(uint32_t sel) {
  uint64_t log = 0;
  uint32_t round = 0;
again : {
  Guard a(log, 1 + round);
  if (round < sel % 3) {
    ++round;
    goto again; // a is destroyed
  }
  Guard b(log, 7);
  if (sel & 8)
    goto done; // b, then a
}
  log = log * 10;
done:
  return log;
}
DIFF_CASE(destructor_goto, diff::exact) {
  out.r[0] = goto_guards(in.e);
  out.r[1] = goto_guards(in.c);
}

// Temporaries die at the end of their full expression; a temporary bound
// to a const reference lives as long as the reference.
uint64_t id_of(const Guard &g) { return g.id; }
DIFF_CASE(temporaries_lifetime, diff::exact) {
  uint64_t log = 0;
  uint64_t v = id_of(Guard(log, 3)) + log; // log still 0 here
  uint64_t after = log;                    // 3
  {
    const Guard &g = Guard(log, 5);
    log = log * 10 + g.id;
  } // g's temporary destroyed here
  out.r[0] = v;
  out.r[1] = after;
  out.r[2] = log;
}

// Destructors run in reverse order of construction for arrays and
// members.
struct Pair2 {
  Guard first;
  Guard second;
};
DIFF_CASE(destructor_members_arrays, diff::exact) {
  uint64_t log = 0;
  {
    Pair2 p{{log, 1}, {log, 2}};
    Guard arr[3] = {{log, 3}, {log, 4}, {log, 5}};
    (void)p;
    (void)arr;
  }
  out.r[0] = log; // 54321
}

// A class holding a reference and a const member; member functions that
// return references to members.
class Window {
public:
  Window(const uint64_t *data, uint32_t n) : data_(data), n_(n) {}
  uint64_t operator[](uint32_t i) const { return data_[i % n_]; }
  const uint64_t &front() const { return data_[0]; }
  uint32_t size() const { return n_; }

private:
  const uint64_t *data_;
  const uint32_t n_;
};
DIFF_CASE(member_references, diff::exact) {
  const uint64_t words[4] = {in.a, in.b, in.p, in.q};
  Window w(words, 4);
  out.r[0] = w[in.e] + w.front();
  out.r[1] = w.size();
}

// Aggregates with a base class (C++17).
struct Point2 {
  int32_t x, y;
};
struct Point3 : Point2 {
  int32_t z;
  int64_t sum() const { return int64_t(x) + y + z; }
};
DIFF_CASE(aggregate_with_base, diff::exact) {
  Point3 p{{int32_t(in.c), int32_t(in.d)}, int32_t(in.e)};
  out.r[0] = uint64_t(p.sum());
  Point3 q{};
  out.r[1] = uint64_t(q.sum());
}

// Deducing this (C++23): explicit object parameters, by reference and by
// value, and a template one.
struct Meter {
  uint64_t v;
  uint64_t get(this const Meter &self) { return self.v; }
  Meter twice(this Meter self) {
    self.v *= 2;
    return self;
  }
  template <class Self> auto &&raw(this Self &&self) { return self.v; }
};
DIFF_CASE(explicit_object_parameter, diff::exact) {
  Meter m{in.a};
  out.r[0] = m.get() + m.twice().get();
  m.raw() += 3;
  out.r[1] = m.v;
}

// A nested class, a static constexpr member, friend functions.
class Outer {
public:
  static constexpr uint32_t kFactor = 37;
  struct Inner {
    uint32_t v;
    uint32_t scaled() const { return v * kFactor; }
  };
  explicit Outer(uint32_t v) : inner_{v} {}
  friend uint32_t peek(const Outer &o) { return o.inner_.scaled(); }

private:
  Inner inner_;
};
DIFF_CASE(nested_class_friend, diff::exact) {
  Outer o(in.c);
  Outer::Inner i{in.d};
  out.r[0] = peek(o);
  out.r[1] = i.scaled() + Outer::kFactor;
}

// [[no_unique_address]] members: an empty function object stored without
// space, and called (as the standard range adaptors do with their lambdas).
template <class F> struct Holder {
  [[no_unique_address]] F fn;
  uint64_t base;
  uint64_t call(uint64_t v) const { return fn(v) + base; }
};
template <class F> Holder(F, uint64_t) -> Holder<F>;
struct Empty {};
struct WithEmpty {
  [[no_unique_address]] Empty e;
  uint32_t v;
};
DIFF_CASE(no_unique_address_members, diff::exact) {
  Holder h{[](uint64_t v) { return v ^ 0xff; }, in.b};
  out.r[0] = h.call(in.a);
  out.r[1] = sizeof(h) * 100 + sizeof(WithEmpty);
  WithEmpty w{{}, in.c};
  out.r[2] = w.v;
}

} // namespace diff::classes
