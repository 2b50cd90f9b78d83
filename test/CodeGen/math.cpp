// <cmath> in device code: MLIR math operations where they exist (libdevice
// or LLVM intrinsics later), direct libdevice calls for the rest, C
// spellings and std:: overloads alike; Alloy's fast approximations and
// CUDA's spellings call libdevice's fast functions.
// RUN: %alloy_cc1 -fsyntax-only -fplugin-arg-alloy-print-alloy %s | FileCheck %s
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s --check-prefix=PTX < %t/math.ptx
#include <gpu/gpu.hpp>
#include <gpu/cuda_compat.hpp>
#include <cmath>

// The std:: overloads are inline functions calling the builtins.
// CHECK-DAG: math.sqrt %{{.*}} : f32
// CHECK-DAG: math.exp %{{.*}} : f32
// CHECK-DAG: math.tanh %{{.*}} : f32
// CHECK-DAG: call @__nv_hypotf(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
// CHECK-DAG: call @__nv_nextafterf
// CHECK-DAG: call @__nv_fmodf
// CHECK-DAG: math.roundeven %{{.*}} : f32
// CHECK-DAG: arith.minnumf
float floats(float x, float y) {
  return std::sqrt(x) + expf(y) + std::tanh(x) + hypotf(x, y) +
         std::nextafter(x, y) + std::fmod(x, y) + rintf(x) + std::fmin(x, y);
}

// CHECK-DAG: math.log1p %{{.*}} : f64
// CHECK-DAG: math.powf %{{.*}}, %{{.*}} : f64
// CHECK-DAG: call @__nv_erfc(%{{.*}}) : (f64) -> f64
// CHECK-DAG: call @__nv_frexp(%{{.*}}, %{{.*}}) : (f64, !alloy.ptr) -> f64
// CHECK-DAG: call @__nv_llround(%{{.*}}) : (f64) -> i64
double doubles(double x, double y) {
  int e;
  return std::log1p(x) + pow(x, y) + std::erfc(x) + std::frexp(y, &e) +
         double(std::lround(x)) + e;
}

// CHECK-DAG: call @__nv_fast_expf
// CHECK-DAG: call @__nv_rsqrtf
// CHECK-DAG: call @__nv_fast_fdividef
// CHECK-DAG: call @__nv_saturatef
// CHECK-DAG: call @__nv_fast_sinf
float fast(float x) {
  return gpu::fast::exp(x) + rsqrtf(x) + __fdividef(x, 3.0f) +
         __saturatef(x) + __sinf(x);
}

// PTX-LABEL: .entry _Z1kPfPd
// PTX: sqrt.rn.f32
// PTX: ex2.approx
// PTX: rsqrt.approx.f32
[[gpu::kernel]] void k(float *f, double *d) {
  f[0] = floats(f[1], f[2]) + fast(f[3]);
  d[0] = doubles(d[1], d[2]);
}
