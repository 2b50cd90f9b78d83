// gpu::printf of a struct, in a helper.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

struct Point {
  float x, y;
};

inline void show(Point p) {
  // CHECK: printf-struct-argument.cpp:[[@LINE+1]]:32: error: gpu::printf cannot print a value of type 'Point' [alloy:device-printf-argument]
  gpu::printf("point %f %f\n", p);
}

[[gpu::kernel]] void k(const Point *in) {
  // CHECK: printf-struct-argument.cpp:[[@LINE+1]]:3: note: reached from kernel 'k' through 'show'
  show(in[0]);
}
