// CUDA's cycle counters: <time.h>'s clock() in device code reads the 32-bit
// %clock (sign-extended to clock_t, as CUDA's clock() is), clock64() the
// 64-bit %clock64; host code keeps calling the library's clock().
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s --check-prefix=PTX < %t/clock.ptx
// RUN: %alloy_cc1 -O2 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=HOST
#include <gpu/cuda_compat.hpp>
#include <gpu/gpu.hpp>

#include <ctime>

// PTX-LABEL: .entry _Z5timedPl
// PTX: mov.u32 %r[[C:[0-9]+]], %clock;
// PTX: cvt.s64.s32 %rd{{[0-9]+}}, %r[[C]];
// PTX: mov.u64 %rd{{[0-9]+}}, %clock64;
__global__ void timed(long *out) {
  clock_t start = clock();
  long long wide = clock64();
  out[0] = long(start) + long(wide);
}

// HOST-LABEL: define {{.*}}@_Z4hostv
// HOST: call {{.*}}@clock()
long host() { return long(clock()); }
