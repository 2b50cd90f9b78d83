// Classes: delegating and inheriting constructors, base-class conversions
// (both ways), arrays of objects with constructors and destructors,
// placement new, defaulted three-way comparison, lambdas copying arrays,
// GNU statement expressions.
// RUN: %alloy_cc1 -fsyntax-only -fplugin-arg-alloy-print-alloy %s | FileCheck %s
// RUN: %alloy_cc1 -O2 -c %s -o %t.o
#include <gpu/gpu.hpp>
#include <compare>
#include <new>

struct Base {
  int tag;
  explicit Base(int t) : tag(t) {}
};
struct Extra {
  double d = 1.5;
};
struct Derived : Extra, Base {
  using Base::Base; // inheriting
  Derived() : Derived(7) {} // delegating
};

// The inheriting constructor passes its argument to Base's.
// CHECK-LABEL: func.func private @_ZN7DerivedCI14BaseEi
// CHECK: call @_ZN4BaseC1Ei(%{{.*}}, %{{.*}}) : (!alloy.ptr, i32) -> ()

// CHECK-LABEL: func.func private @_Z5castsv
int casts() {
  Derived d;
  // Derived -> Base: 8 bytes in (after Extra); Base -> Derived: 8 back.
  // CHECK: %[[C8:.*]] = arith.constant 8 : i64
  // CHECK: alloy.ptr_add %{{.*}}[%[[C8]]] elem i8
  // CHECK: %[[M8:.*]] = arith.constant -8 : i64
  // CHECK: alloy.ptr_add %{{.*}}[%[[M8]]] elem i8
  Base *b = &d;
  Derived *back = static_cast<Derived *>(b);
  return b->tag + int(back->d);
}

struct Counter {
  int *hits;
  Counter() : hits(nullptr) {}
  ~Counter() {
    if (hits)
      ++*hits;
  }
};
// Each element constructed, then destroyed in reverse: two loops.
// CHECK-LABEL: func.func private @_Z6arraysPi
// CHECK: call @_ZN7CounterC1Ev
// CHECK: call @_ZN7CounterD1Ev
void arrays(int *hits) {
  Counter cs[4];
  for (Counter &c : cs)
    c.hits = hits;
}

struct Version {
  int major, minor;
  auto operator<=>(const Version &) const = default;
};
bool older(Version a, Version b) { return a < b; }

// CHECK-LABEL: func.func private @_Z9placementv
// CHECK: call @_ZN7CounterC1Ev
int placement() {
  alignas(Counter) unsigned char storage[sizeof(Counter)];
  Counter *c = new (storage) Counter();
  int hit = 0;
  c->hits = &hit;
  c->~Counter();
  return hit;
}

int lambdas(int x) {
  int table[3] = {x, x + 1, x + 2};
  auto copy = [table] { return table[0] + table[2]; };
  return copy() + ({
           int y = x * 2;
           y + 1;
         });
}

[[gpu::kernel]] void k(int *out) {
  Derived d(3);
  out[0] = d.tag + casts();
  arrays(out + 1);
  out[2] = older(Version{1, 2}, Version{1, 3}) + placement() + lambdas(out[3]);
}

// The defaulted <=> compares member by member (std::strong_ordering).
// CHECK-LABEL: func.func private @_ZNK7VersionssERKS_
// CHECK: alloy.constant_address
// CHECK: arith.select
