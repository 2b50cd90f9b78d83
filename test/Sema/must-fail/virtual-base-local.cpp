// A local object of a class with a virtual base: one error, at the object.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

struct VB {
  int v;
};
struct D : virtual VB {
  int w;
};
// CHECK: virtual-base-local.cpp:[[@LINE+1]]:36: error: the virtual base class 'VB' cannot be used in device code [alloy:device-virtual-base]
[[gpu::kernel]] void k(int *o) { D d; o[0] = d.w; }
