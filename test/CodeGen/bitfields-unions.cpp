// Bit-fields are read and written within their storage unit (the declared
// type's, or just the field's bytes when the unit would overlap another
// member); unions give their members one address.
// RUN: %alloy_cc1 -fsyntax-only -fplugin-arg-alloy-print-alloy %s | FileCheck %s
#include <gpu/gpu.hpp>
#include <cstdint>

struct Flags {
  unsigned a : 3;
  int b : 5;
  unsigned c : 24;
};
struct Mixed {
  char tag;
  int small : 4;
};
union Pun {
  float f;
  uint32_t u;
};

// CHECK-LABEL: func.func private @_Z5storeR5Flags
void store(Flags &f) {
  // b = -3: masked to 5 bits, shifted to bit 3, merged into the i32 unit.
  // CHECK: %[[V:.*]] = arith.andi %{{.*}}, %c31_i32 : i32
  // CHECK: %[[S:.*]] = arith.shli %[[V]], %c3_i32{{.*}} : i32
  // CHECK: %[[U:.*]] = alloy.load %arg0 align 4 : !alloy.ptr -> i32
  // CHECK: %[[K:.*]] = arith.andi %[[U]], %c-249_i32 : i32
  // CHECK: %[[M:.*]] = arith.ori %[[K]], %[[S]] : i32
  // CHECK: alloy.store %[[M]], %arg0 align 4 : i32, !alloy.ptr
  f.b = -3;
}

// CHECK-LABEL: func.func private @_Z4loadRK5Flags
int load(const Flags &f) {
  // Signed: shifted to the top, then arithmetically down.
  // CHECK: %[[U:.*]] = alloy.load %arg0 align 4 : !alloy.ptr -> i32
  // CHECK: %[[T:.*]] = arith.shli %[[U]], %c24_i32 : i32
  // CHECK: arith.shrsi %[[T]], %c27_i32 : i32
  // Unsigned: logically.
  // CHECK: arith.shrui %{{.*}}, %c8_i32{{.*}} : i32
  return f.b + int(f.c);
}

// The unit of `small` would overlap `tag`: only its byte is touched.
// CHECK-LABEL: func.func private @_Z9set_smallR5Mixed
// CHECK: %[[P:.*]] = alloy.member_addr %arg0, 1 : !alloy.ptr
// CHECK: alloy.load %[[P]] align 1 : !alloy.ptr -> i8
// CHECK: alloy.store %{{.*}}, %[[P]] align 1 : i8, !alloy.ptr
// CHECK-NOT: -> i32
// CHECK: return
void set_small(Mixed &m) { m.small = 7; }

// CHECK-LABEL: func.func private @_Z3punf
// CHECK: %[[UNION:.*]] = alloy.alloca !alloy.record<"Pun", 4, 4>, align 4
// CHECK: alloy.store %{{.*}}, %[[UNION]] align 4 : f32, !alloy.ptr
// CHECK: alloy.load %[[UNION]] align 4 : !alloy.ptr -> i32
uint32_t pun(float x) {
  Pun p{.f = x};
  return p.u;
}

[[gpu::kernel]] void k(int *out, float *f, Flags *flags, Mixed *mixed) {
  store(*flags);
  int x = load(*flags);
  set_small(*mixed);
  out[0] = x + int(pun(f[0]));
}
