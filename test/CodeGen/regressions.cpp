// Code that once crashed the lowering compiles and is lowered right.
// RUN: %alloy_cc1 -fsyntax-only -fplugin-arg-alloy-print-alloy %s | FileCheck %s
// RUN: %alloy_cc1 -O2 -c %s -o %t.o
#include <gpu/gpu.hpp>

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
