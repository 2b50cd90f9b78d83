// Clang's builtins that are not host calls: bit operations, overflow
// checks, memory functions, hints, constants, and the library's
// move/forward family (no calls at all).
// RUN: %alloy_cc1 -fsyntax-only -fplugin-arg-alloy-print-alloy %s | FileCheck %s
#include <gpu/gpu.hpp>
#include <cmath>
#include <cstring>
#include <utility>

// CHECK-LABEL: func.func private @_Z4bitsj
// CHECK: math.ctlz %{{.*}} : i32
// CHECK: math.cttz %{{.*}} : i32
// CHECK: math.ctpop %{{.*}} : i32
// CHECK: llvm.intr.bswap(%{{.*}}) : (i32) -> i32
// CHECK: llvm.intr.bitreverse(%{{.*}}) : (i32) -> i32
int bits(unsigned x) {
  return __builtin_clz(x) + __builtin_ctz(x) + __builtin_popcount(x) +
         int(__builtin_bswap32(x)) + int(__builtin_bitreverse32(x));
}

// Same types: the sign test of the classic formula; mixed: exact in i128.
// CHECK-LABEL: func.func private @_Z8overflowij
// CHECK: %[[SUM:.*]] = arith.addi %[[A:.*]], %[[B:.*]] : i32
// CHECK: arith.xori %[[A]], %[[SUM]] : i32
// CHECK: arith.cmpi slt
// CHECK: arith.muli %{{.*}}, %{{.*}} : i128
// CHECK: arith.cmpi ne, %{{.*}}, %{{.*}} : i128
// CHECK: arith.mulsi_extended
int overflow(int a, unsigned b) {
  int s, m;
  long long big;
  return __builtin_add_overflow(a, 1, &s) + __builtin_mul_overflow(a, b, &big) +
         __builtin_mul_overflow(a, a, &m);
}

// CHECK-LABEL: func.func private @_Z6memoryPfS_m
// A fixed size copies; a run-time one may overlap.
// CHECK: alloy.memcpy %{{.*}}, %{{.*}}, 16 align 4
// CHECK: alloy.memset %{{.*}}, %{{.*}}, %{{.*}} align 4 : !alloy.ptr
// CHECK: alloy.memmove %{{.*}}, %{{.*}}, %{{.*}} align 4
void memory(float *a, float *b, size_t n) {
  std::memcpy(a, b, 16);
  std::memset(a, 0, n);
  __builtin_memcpy(a, b, n);
}

// The alignment is the pointee's before any cast to void*, written or not
// (block::reduce's slots); a byte pointer gives 1.
// CHECK-LABEL: func.func private @_Z10cast_alignPfPhf
// CHECK: alloy.memcpy %{{.*}}, %{{.*}}, 4 align 4
// CHECK: alloy.memcpy %{{.*}}, %{{.*}}, 4 align 1
void cast_align(float *a, unsigned char *bytes, float v) {
  std::memcpy(static_cast<void *>(a), static_cast<const void *>(&v), 4);
  std::memcpy(bytes + 1, &v, sizeof v);
}

// CHECK-LABEL: func.func private @_Z5hintsi
// CHECK: llvm.intr.assume %{{.*}} : i1
// CHECK: llvm.unreachable
int hints(int x) {
  __builtin_assume(x > 0);
  if (__builtin_expect(x > 100, 0))
    __builtin_unreachable();
  return x;
}

// Constant-foldable builtins are constants: -INFINITY, NAN, HUGE_VALF,
// nanf("").
// CHECK-LABEL: func.func private @_Z9constantsv
// CHECK-DAG: arith.constant 0x7F800000 : f32
// CHECK-DAG: arith.constant 0x7FC00000 : f32
// CHECK-NOT: call
// CHECK: return
float constants() {
  return -INFINITY + NAN + HUGE_VALF + std::nanf("");
}

// CHECK-LABEL: func.func private @_Z8classifyd
// CHECK: arith.cmpf uno
// CHECK: math.absf
// CHECK: arith.cmpf oeq
int classify(double x) {
  return __builtin_isnan(x) + __builtin_isinf(x);
}

// std::move, std::forward, std::as_const, std::addressof: no calls.
// CHECK-LABEL: func.func private @_Z7utilityRi
// CHECK-NOT: call
// CHECK: return
int utility(int &x) {
  int &&m = std::move(x);
  const int &c = std::as_const(x);
  int *p = std::addressof(x);
  return m + c + *p + std::forward<int &>(x);
}

[[gpu::kernel]] void k(int *out, float *f, size_t n) {
  out[0] = bits(unsigned(out[1])) + overflow(out[2], unsigned(out[3]));
  memory(f, f + 8, n);
  cast_align(f, reinterpret_cast<unsigned char *>(out), f[1]);
  out[4] = hints(out[5]) + int(constants()) + classify(f[0]) + utility(out[6]);
}
