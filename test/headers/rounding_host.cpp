// RUN: %clangxx -O2 %s -o %t && %t | FileCheck %s
// Under the fast-math flags the header still compiles (a `#pragma STDC
// FENV_ACCESS ON` did not: clang rejects it there).
// RUN: %clangxx -ffast-math -Wno-nan-infinity-disabled -fsyntax-only %s
// RUN: %clangxx -funsafe-math-optimizations -fsyntax-only %s
// RUN: %clangxx -ffp-model=fast -Wno-nan-infinity-disabled -fsyntax-only %s
// The host bodies of CUDA's directed-rounding intrinsics (used on the host
// and on the CPU device, and as the reference of test/differential's
// rounding family) round as named at -O2: the optimizer must not move the
// operation across the rounding-mode changes (it did, giving the nearest
// value, found by the first GPU run of that family).
#include <gpu/cuda_compat.hpp>

#include <cstdio>

int main() {
  volatile float a = 0x1p-34f, b = 16777218.0f; // b + a is not a float
  volatile double x = 1.0, y = 0x1p-60;
  // CHECK: fadd: 0x1.000004p+24 0x1.000002p+24 0x1.000002p+24
  std::printf("fadd: %a %a %a\n", __fadd_ru(a, b), __fadd_rd(a, b),
              __fadd_rz(a, b));
  // CHECK-NEXT: fsub: -0x1p+24 -0x1.000004p+24
  std::printf("fsub: %a %a\n", __fsub_rz(a, b), __fsub_ru(a, -b) * -1.0f);
  // CHECK-NEXT: dadd: 0x1.0000000000001p+0 0x1p+0
  std::printf("dadd: %a %a\n", __dadd_ru(x, y), __dadd_rd(x, y));
  // CHECK-NEXT: fmul: 0x1.000006p+24 0x1p+24
  std::printf("fmul: %a %a\n", __fmul_ru(b, 1.0f + 0x1p-23f), __fmul_rz(16777215.0f, 1.0f + 0x1p-23f));
  // CHECK-NEXT: d2f: 0x1.000002p+0 0x1p+0
  volatile double z = 1.0 + 0x1p-40;
  std::printf("d2f: %a %a\n", __double2float_ru(z), __double2float_rd(z));
}
