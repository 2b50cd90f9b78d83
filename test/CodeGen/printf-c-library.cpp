// The C library's printf in device code is gpu::printf (CUDA's vprintf),
// with C's argument promotions (float to double); host code keeps calling
// the library's printf.
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s --check-prefix=PTX < %t/printf-c-library.ptx
// RUN: %alloy_cc1 -O2 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=HOST
#include <gpu/gpu.hpp>

#include <cstdio>

// PTX-LABEL: .entry _Z5hellof
// PTX: cvt.f64.f32
// PTX: call.uni (retval0), vprintf
// PTX: call.uni (retval0), vprintf
[[gpu::kernel]] void hello(float f) {
  printf("f=%f t=%u\n", f, gpu::thread_idx().x);
  std::printf("again %.1f\n", f * 2);
}

// HOST-LABEL: define {{.*}}@_Z4hostv
// HOST: call {{.*}}@{{printf|puts}}
void host() { printf("on the host\n"); }
