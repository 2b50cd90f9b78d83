// Pointers to data members are the member's byte offset (the Itanium C++
// ABI's representation, so the host passes them as kernel arguments as
// they are): &C::m a constant, obj.*pm and p->*pm the object's address
// plus the offset, null -1 (value-initialized members too), conversions
// between base and derived classes moving the offset and keeping null.
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s < %t/member-pointers.ptx
#include <gpu/gpu.hpp>

struct Base {
  int pad;
  float b;
};
struct Point : Base {
  float x, y;
  struct {
    float z, w; // members of an anonymous struct (indirect fields)
  };
};
struct Holder {
  float Point::*m;
  int k;
};

// A constexpr table: the offsets, null as all ones.
// CHECK: .const .align 8 .b8 __const_{{[0-9]+}}[40] = {8, 0, 0, 0, 0, 0, 0, 0, 12, 0, 0, 0, 0, 0, 0, 0, 16, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 255, 255, 255, 255, 255, 255, 255, 255};
constexpr float Point::*table[] = {&Point::x, &Point::y, &Point::z, &Point::b,
                                   nullptr};

// As a template argument: a constant offset, folded into the load.
template <float Point::*M> float get(const Point &p) { return p.*M; }

// CHECK-LABEL: .entry _Z7offsetsPfPK5Point(
// CHECK: ld.global.nc.b32 {{.*}}[%rd{{[0-9]+}}+20];
// CHECK: ld.global.nc.b32 {{.*}}[%rd{{[0-9]+}}+4];
[[gpu::kernel, gpu::launch_contract(1, 1)]] void offsets(float *o,
                                                         const Point *in) {
  o[0] = get<&Point::w>(in[0]);
  o[1] = in->*static_cast<float Point::*>(&Base::b);
}

// A member chosen at run time: one address computation, no local memory.
// CHECK-LABEL: .entry _Z6chosenPfPK5Pointi(
// CHECK-NOT: .local
// CHECK: selp.b64 [[OFF:%rd[0-9]+]], 8, 12,
// CHECK: add.s64 [[P:%rd[0-9]+]], {{%rd[0-9]+}}, [[OFF]];
// CHECK: ld.global.nc.b32 {{%r[0-9]+}}, [[[P]]];
// CHECK: ret;
[[gpu::kernel, gpu::launch_contract(1, 1)]] void chosen(float *o,
                                                        const Point *in,
                                                        int which) {
  float Point::*axis = which ? &Point::y : &Point::x;
  o[0] = in->*axis;
}

// Null: value-initialized members and variables are -1, conversions keep
// it, and it converts to false.
// CHECK-LABEL: .entry _Z5nullsPxPfPK5Pointi(
// CHECK: st.global.b64 [%rd{{[0-9]+}}], -1;
// CHECK: setp.eq.b64 {{%p[0-9]+}}, [[M:%rd[0-9]+]], -1;
[[gpu::kernel, gpu::launch_contract(1, 1)]] void nulls(long long *bits,
                                                       float *o,
                                                       const Point *in,
                                                       int which) {
  Holder h{};
  bits[0] = __builtin_bit_cast(long long, h.m);
  float Point::*m = table[which];
  o[0] = m ? in->*m : -1.0f;
}

// A member pointer as a kernel argument, compared and written through.
// CHECK-LABEL: .entry _Z7writtenP5PointMS_fS1_(
// CHECK: ld.param.b64
// CHECK: ld.param.b64
[[gpu::kernel, gpu::launch_contract(1, 1)]] void written(Point *p,
                                                         float Point::*dst,
                                                         float Point::*src) {
  if (dst != src)
    p->*dst = p->*src;
  Point &r = *p;
  r.*dst += 1.0f;
}
