// With the real plugin and runtime: a file without kernels builds and runs,
// and a kernel's PTX is embedded in the object.
// REQUIRES: plugin, runtime
// RUN: alloy++ %s -o %t.exe && %t.exe | FileCheck %s --check-prefix=OUT
// RUN: alloy++ -DWITH_KERNEL -c %s -o %t.o
// RUN: strings %t.o | FileCheck %s --check-prefix=PTX
// RUN: alloy++ --gpu-arch=sm_90 -DWITH_KERNEL -c %s -o %t.sm90.o
// RUN: strings %t.sm90.o | FileCheck %s --check-prefix=SM90
// RUN: alloy++ -x c++ -std=c++23 -c %s -o %t.x.o

// OUT: hello from a file without kernels
// PTX: .visible .entry {{.*}}fill
// SM90: .target sm_90
#include <cstdio>

#ifdef WITH_KERNEL
#include <gpu/gpu.hpp>
[[gpu::kernel]] void fill(float *out, float v) {
  out[gpu::thread::index_1d().get()] = v;
}
#endif

int main() { std::puts("hello from a file without kernels"); }
