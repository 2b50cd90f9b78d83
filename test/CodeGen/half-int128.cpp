// _Float16 and __bf16 arithmetic is computed in float and rounded once, as
// clang does on the host (excess precision), so host and GPU agree;
// __int128 is an i128.
// RUN: %alloy_cc1 -fsyntax-only -fplugin-arg-alloy-print-alloy %s | FileCheck %s
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-gpu-arch=sm_90 -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s --check-prefix=PTX < %t/half-int128.ptx
#include <gpu/gpu.hpp>

// CHECK-LABEL: func.func private @_Z4halfDF16_DF16_DF16_
// CHECK: %[[A:.*]] = arith.extf %{{.*}} : f16 to f32
// CHECK: %[[B:.*]] = arith.extf %{{.*}} : f16 to f32
// CHECK: %[[M:.*]] = arith.mulf %[[A]], %[[B]] : f32
// CHECK: %[[C:.*]] = arith.extf %{{.*}} : f16 to f32
// CHECK: %[[S:.*]] = arith.addf %[[M]], %[[C]] : f32
// CHECK: arith.truncf %[[S]] : f32 to f16
_Float16 half(_Float16 a, _Float16 b, _Float16 c) { return a * b + c; }

// CHECK-LABEL: func.func private @_Z4bf16DF16bDF16b
// CHECK: arith.extf %{{.*}} : bf16 to f32
// CHECK: arith.divf %{{.*}}, %{{.*}} : f32
// CHECK: arith.truncf %{{.*}} : f32 to bf16
// Compound assignment rounds once too.
// CHECK: arith.addf %{{.*}}, %{{.*}} : f32
// CHECK: arith.truncf %{{.*}} : f32 to bf16
__bf16 bf16(__bf16 a, __bf16 b) {
  __bf16 q = a / b;
  q += a;
  return q;
}

// Conversions between the two go through float.
// CHECK-LABEL: func.func private @_Z7convertDF16_
// CHECK: %[[W:.*]] = arith.extf %{{.*}} : f16 to f32
// CHECK: arith.truncf %[[W]] : f32 to bf16
__bf16 convert(_Float16 h) { return __bf16(float(h)); }

// CHECK-LABEL: func.func private @_Z4widen
// CHECK: arith.muli %{{.*}}, %{{.*}} overflow<nsw> : i128
// CHECK: arith.divsi %{{.*}}, %{{.*}} : i128
// CHECK: arith.shrsi %{{.*}}, %{{.*}} : i128
__int128 wide(__int128 x) { return (x * x) / 7 >> 3; }

// All-ones constants are all ones in 128 bits (~x, --x).
// CHECK-LABEL: func.func private @_Z8all_onesn
// CHECK: %[[M1:.*]] = arith.constant -1 : i128
// CHECK: arith.xori %{{.*}}, %[[M1]] : i128
// CHECK: %[[M1B:.*]] = arith.constant -1 : i128
// CHECK: arith.addi %{{.*}}, %[[M1B]] overflow<nsw> : i128
__int128 all_ones(__int128 x) {
  __int128 y = ~x;
  --x;
  return x + y;
}

// Conversions to and from floating point are written out (NVPTX has no
// library for them): no calls.
// CHECK-LABEL: func.func private @_Z8to_floato
// CHECK: math.ctlz %{{.*}} : i128
// CHECK: arith.uitofp %{{.*}} : i64 to f64
// CHECK-NOT: call
// CHECK: return
double to_float(unsigned __int128 x) { return double(x); }

// PTX-LABEL: .entry _Z1kPDF16_PDF16bPn
// PTX: cvt.rn.f16.f32
// PTX: cvt.rn.bf16.f32
[[gpu::kernel]] void k(_Float16 *h, __bf16 *b, __int128 *w) {
  h[0] = half(h[1], h[2], h[3]);
  b[0] = bf16(b[1], b[2]) + convert(h[4]);
  w[0] = wide(w[1]) + all_ones(w[2]) + (__int128)to_float(w[3]);
}
