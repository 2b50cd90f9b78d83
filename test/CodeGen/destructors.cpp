// Non-trivial destructors run on every way out of a scope: the end of a
// block, continue, break, return and goto; temporaries die at the end of
// their full-expression (a conditional one only if it was built), and one
// bound to a reference lives as long as the reference. A returned object
// is the caller's.
// RUN: %alloy_cc1 -fsyntax-only -fplugin-arg-alloy-print-alloy %s | FileCheck %s
#include <gpu/gpu.hpp>

struct Guard {
  int *count;
  int id;
  ~Guard() { *count = *count * 10 + id; }
};
Guard make(int *c, int id) { return Guard{c, id}; }
int use(const Guard &g) { return g.id; }

// CHECK-LABEL: func.func private @_Z5loopsPii
void loops(int *c, int n) {
  for (int i = 0; i < n; ++i) {
    Guard b{c, 2};
    // continue: b dies, then the step
    // CHECK: arith.cmpi eq
    // CHECK-NEXT: cf.cond_br %{{.*}}, ^[[CONT:bb[0-9]+]], ^{{bb[0-9]+}}
    if (i == 1)
      continue;
    // CHECK: ^[[CONT]]:
    // CHECK-NEXT: call @_ZN5GuardD1Ev(%[[B:[0-9]+]])
    // CHECK-NEXT: cf.br
    // break: b dies, then the exit
    // CHECK: arith.cmpi eq
    // CHECK-NEXT: cf.cond_br %{{.*}}, ^[[BREAK:bb[0-9]+]], ^{{bb[0-9]+}}
    // CHECK: ^[[BREAK]]:
    // CHECK-NEXT: call @_ZN5GuardD1Ev(%[[B]])
    // CHECK-NEXT: cf.br
    if (i == 2)
      break;
    // the end of the body
    // CHECK: call @_ZN5GuardD1Ev(%[[B]])
  }
}

// CHECK-LABEL: func.func private @_Z6scopedPii
void scoped(int *c, int n) {
  Guard a{c, 1};
  {
    Guard d{c, 3};
    // return: d, then a
    // CHECK: call @_ZN5GuardD1Ev(%[[D:[0-9]+]])
    // CHECK-NEXT: call @_ZN5GuardD1Ev(%[[A:[0-9]+]])
    // CHECK-NEXT: return
    if (n > 5)
      return;
    // the end of the block: d
    // CHECK: call @_ZN5GuardD1Ev(%[[D]])
  }
  // the end of the function: a
  // CHECK: call @_ZN5GuardD1Ev(%[[A]])
  // CHECK-NEXT: return
}

// CHECK-LABEL: func.func private @_Z11temporariesPii
int temporaries(int *c, int n) {
  // Guard{c, 5} exists only when n > 1: its cleanup is flagged.
  // CHECK: alloy.store %c0_i8{{.*}}, %[[FLAG:[0-9]+]] align 1 : i8
  // CHECK: call @_Z4makePii(%[[MADE:[0-9]+]],
  // CHECK: alloy.store %c1_i8{{.*}}, %[[FLAG]] align 1 : i8
  // CHECK: alloy.load %[[FLAG]] align 1 : !alloy.ptr -> i8
  // CHECK: call @_ZN5GuardD1Ev(%[[COND:[0-9]+]])
  // CHECK: call @_ZN5GuardD1Ev(%[[MADE]])
  int r = use(make(c, 4)) + (n > 1 ? use(Guard{c, 5}) : 0);
  // Bound to a reference: destroyed at the end of the function.
  // CHECK: call @_Z4makePii(%[[EXT:[0-9]+]],
  // CHECK-NOT: call @_ZN5GuardD1Ev(%[[EXT]])
  // CHECK: cf.br
  const Guard &ext = make(c, 6);
  if (n > 7)
    goto done;
  {
    Guard e{c, 7};
  }
done:
  // goto done skips e, and ext stays alive across it.
  // CHECK: call @_ZN5GuardD1Ev(%[[EXT]])
  // CHECK-NEXT: return
  return r + ext.id;
}

// A destructor destroys the members after its body, in reverse order.
struct Pair {
  Guard first, second;
  ~Pair() { *first.count += 1; }
};
// CHECK-LABEL: func.func private @_ZN4PairD1Ev
// CHECK: %[[SECOND:.*]] = alloy.member_addr %arg0, 16
// CHECK: arith.addi
// CHECK: call @_ZN5GuardD1Ev(%[[SECOND]])
// CHECK: call @_ZN5GuardD1Ev(%arg0)
// CHECK-NEXT: return

// The returned object is not destroyed by the callee.
// CHECK-LABEL: func.func private @_Z4makePii
// CHECK-NOT: call @_ZN5GuardD1Ev
// CHECK: return

[[gpu::kernel]] void k(int *c, int n) {
  loops(c, n);
  scoped(c, n);
  c[1] = temporaries(c, n);
  Pair p{{c, 8}, {c, 9}};
}
