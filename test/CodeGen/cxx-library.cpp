// Header-only standard library code on local arrays compiles for the GPU:
// algorithms (std:: and std::ranges), std::pair/std::tuple with structured
// bindings, std::optional, std::initializer_list.
// RUN: %alloy_cc1 -fsyntax-only -fplugin-arg-alloy-print-alloy %s > %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: FileCheck %s --check-prefix=LIB < %t.mlir
// RUN: %alloy_cc1 -O2 -c %s -o %t.o
#include <gpu/gpu.hpp>
#include <algorithm>
#include <array>
#include <numeric>
#include <optional>
#include <ranges>
#include <tuple>
#include <utility>

// The std:: algorithms are lowered like user code.
// LIB-DAG: func.func private @_ZSt4sortIPiEvT_S1_(
// LIB-DAG: func.func private @_ZSt10accumulateIPiiET0_T_S2_S1_(
// LIB-DAG: func.func private @_ZSt11lower_boundIPiiET_S1_S1_RKT0_(
// LIB-DAG: func.func private @_ZSt9transformIPiS0_{{.*}}attributes {alloy.name = "std::transform<int *, int *, (lambda at
// LIB-DAG: alloy.name = "std::ranges::__sort_fn::operator()<std::array<int, 4> &, std::ranges::less, std::identity>"
int algorithms(int *a, int n) {
  int local[8];
  for (int i = 0; i < 8; ++i)
    local[i] = a[(i * 5) % n];
  std::sort(local, local + 8);
  int sum = std::accumulate(local, local + 8, 0);
  int pos = int(std::lower_bound(local, local + 8, 4) - local);
  std::reverse(local, local + 8);
  std::array<int, 4> arr{local[0], local[1], local[2], local[3]};
  std::ranges::sort(arr);
  return sum + pos + arr[0] + *std::ranges::max_element(arr) +
         std::max({local[0], local[7], n});
}

// The tuple's elements are reached through std::get, references bound once.
// CHECK-LABEL: func.func private @_Z8bindingsi
// CHECK: call @_ZSt3getILm0EiiEONSt13tuple_elementIXT_ESt4pairIT0_T1_EE4typeEOS4_
// CHECK: call @_ZSt3getILm1EiiEONSt13tuple_elementIXT_ESt4pairIT0_T1_EE4typeEOS4_
// CHECK: call @_ZSt3getILm0EJifcEERNSt13tuple_elementIXT_ESt5tupleIJDpT0_EEE4typeERS4_
// CHECK: call @_ZSt3getILm1EJifcEERNSt13tuple_elementIXT_ESt5tupleIJDpT0_EEE4typeERS4_
// CHECK: call @_ZSt3getILm2EJifcEERNSt13tuple_elementIXT_ESt5tupleIJDpT0_EEE4typeERS4_
// CHECK: arith.addf
// CHECK: call @_ZNSt8optionalIiEC1Ev
// CHECK: call @_ZNKRSt8optionalIiE8value_orIiEEiOT_
int bindings(int x) {
  auto [p, q] = std::pair{x, x + 1};
  std::tuple<int, float, char> t{x, 2.5f, 'c'};
  auto &[a, b, c] = t;
  b += 1.0f;
  std::optional<int> o;
  if (x > 3)
    o = x * 2;
  return p + q + a + int(std::get<1>(t)) + c + o.value_or(-1) +
         (o.has_value() ? *o : 0);
}

namespace kernels {
[[gpu::kernel]] void k(int *a, int n) {
  int doubled[4];
  std::transform(a, a + 4, doubled, [](int v) { return v * 2; });
  a[0] = algorithms(a, n) + bindings(a[1]) + doubled[3];
}
} // namespace kernels
