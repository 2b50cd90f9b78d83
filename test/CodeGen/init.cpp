// Initialization of every kind: braced and parenthesised scalars,
// aggregates with designators and default member initializers, `= {}`,
// C++20 parenthesised aggregates, std::initializer_list.
// RUN: %alloy_cc1 -fsyntax-only -fplugin-arg-alloy-print-alloy %s | FileCheck %s
#include <gpu/gpu.hpp>
#include <cstdint>
#include <initializer_list>

struct P {
  int a;
  float b = 2.5f;
  int c[3];
};
struct Q {
  int x;
  int y;
};

// .a from the designator, .b from its default initializer, .c[2] zero.
// CHECK-LABEL: func.func private @_Z10designatedi
// CHECK: alloy.store %{{.*}}, %arg0 align 4 : i32
// CHECK: %[[B:.*]] = alloy.member_addr %arg0, 4
// CHECK: %[[F:.*]] = arith.constant 2.500000e+00 : f32
// CHECK: alloy.store %[[F]], %[[B]]
// CHECK: arith.constant 1 : i32
// CHECK: arith.constant 2 : i32
// CHECK: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT: alloy.store %[[Z]]
P designated(int v) { return P{.a = v, .c = {1, 2}}; }

// CHECK-LABEL: func.func private @_Z13scalar_braces1P
// CHECK: %[[U:.*]] = arith.constant 7 : i32
// CHECK: alloy.store %[[U]]
// CHECK: %[[A:.*]] = alloy.load %arg0 align 4 : !alloy.ptr -> i32
// CHECK: alloy.store %[[A]]
// CHECK: %[[Z:.*]] = arith.constant 0 : i32
// CHECK: alloy.store %[[Z]]
int scalar_braces(P p) {
  uint32_t u{7};
  const int32_t a{p.a};
  int z{};
  return int(u) + a + z;
}

// CHECK-LABEL: func.func private @_Z15paren_aggregatei
// CHECK: arith.addi
// CHECK: alloy.store
Q paren_aggregate(int v) {
  Q q(v, v + 1);
  return q;
}

// `= {}`: value-initialization keeps the default member initializer.
// CHECK-LABEL: func.func private @_Z6zeroedv
// CHECK: arith.constant 2.500000e+00 : f32
// CHECK: alloy.memset %{{.*}}, %c0_i8, %c12_i64 align 4
P zeroed() {
  P p = {};
  return p;
}

// A braced list becomes a constant array and {pointer, size}.
// CHECK-LABEL: func.func private @_Z9from_listi
// CHECK: %[[ARR:.*]] = alloy.alloca !alloy.record<"const int[3]", 12, 4>
// CHECK: %[[LIST:.*]] = alloy.alloca !alloy.record<"std::initializer_list<int>", 16, 8>
// CHECK: alloy.store %[[ARR]], %[[LIST]] align 8 : !alloy.ptr, !alloy.ptr
// CHECK: %[[N:.*]] = arith.constant 3 : i64
// CHECK: alloy.store %[[N]]
int list_size(std::initializer_list<int> l) { return int(l.size()); }
int from_list(int v) { return list_size({v, v, 3}); }

[[gpu::kernel]] void k(int *out) {
  P p = designated(out[0]);
  out[0] = scalar_braces(p) + paren_aggregate(1).y + zeroed().c[0] +
           from_list(2);
}
