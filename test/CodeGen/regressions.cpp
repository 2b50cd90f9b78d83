// Code that once crashed the lowering compiles and is lowered right.
// RUN: %alloy_cc1 -fsyntax-only -fplugin-arg-alloy-print-alloy %s | FileCheck %s
// RUN: %alloy_cc1 -O2 -c %s -o %t.o
#include <gpu/gpu.hpp>

// CHECK: alloy.global_constant @{{.*}} = "abc\00\00\00\00\00"

struct P {
  int a;
  float b;
};
// A lambda capturing structured bindings: the closure holds copies (or
// references) of the bound members.
// CHECK-LABEL: func.func private @_Z8capturesPK1P
int captures(const P *in) {
  auto [a, b] = in[0];
  auto byValue = [a] { return a; };
  auto byRef = [&b] { return b; };
  auto all = [=] { return a * b; };
  return byValue() + int(byRef()) + int(all());
}

// A default member initializer that reads another member sees the object
// being initialized as `this`.
struct S {
  int v = 1;
  int w = v + 1;
};
// CHECK-LABEL: func.func private @_Z8defaultsv
// CHECK: %[[S:.*]] = alloy.alloca !alloy.record<"S", 8, 4>
// CHECK: %[[V:.*]] = alloy.load %[[S]] align 4 : !alloy.ptr -> i32
// CHECK: arith.addi %[[V]], %c1_i32
int defaults() {
  S s{};
  return s.w;
}

// A constant of a type the GPU has not is just its value.
// CHECK-LABEL: func.func private @_Z9constantsv
// CHECK: arith.constant 1.500000e+00 : f32
float constants() {
  constexpr long double pi = 3.14159265358979323846L;
  float f = 1.5L;
  return f + float(pi);
}

[[gpu::kernel]] void k(const P *in, int *out, float *f) {
  out[0] = captures(in) + defaults();
  f[0] = constants();
}

// Found by the differential tests (test/differential/).
// A char array from a string literal: the literal padded with zeros.
// (The literal's constant is at the top of the module.)
int strings() {
  char s[8] = "abc";
  return s[1] + s[5];
}

// [*this] captures a copy of the object: `this` in the lambda is the copy.
struct Counter {
  int a;
  int star() {
    auto copy = [*this] { return a + 1; };
    return copy();
  }
};

// C++23 explicit object parameters: the object is the first argument.
struct Meter {
  int v;
  int get(this const Meter &self) { return self.v; }
  int twice(this Meter self) { return self.v * 2; }
};

// An empty member shares its address with the next one: copying it copies
// nothing (its data size is 0), so the neighbour survives.
struct Empty {};
struct Holder {
  [[no_unique_address]] Empty e;
  int *p;
};
// CHECK-LABEL: func.func private @_Z6holderPi
// CHECK-NOT: alloy.memcpy %{{.*}}, %{{.*}}, 1 align
// CHECK: return
int holder(int *p) {
  Holder h{Empty{}, p};
  Empty other;
  h.e = other;
  return *h.p;
}

[[gpu::kernel]] void found(int *out) {
  Counter c{out[0]};
  Meter m{out[1]};
  int r;
  out[2] = strings() + c.star() + m.get() + m.twice() + holder(out) +
           __builtin_sub_overflow(out[3], 1, &r) + r;
}

// The [*this] lambda reads `a` from its own copy (the closure), not
// through a pointer.
// CHECK-LABEL: func.func private @_ZZN7Counter4starEvENKUlvE_clEv
// CHECK-NOT: alloy.load %arg0 align {{[0-9]+}} : !alloy.ptr -> !alloy.ptr
// CHECK: alloy.load %arg0 align 4 : !alloy.ptr -> i32
