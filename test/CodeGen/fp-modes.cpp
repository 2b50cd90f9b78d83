// Floating-point modes: FMA contraction by default (as nvcc's -fmad=true),
// off by flag or pragma; nvcc's fast math for single precision.
// RUN: %alloy_cc1 -fsyntax-only -fplugin-arg-alloy-print-alloy %s | FileCheck %s --check-prefix=IR
// RUN: rm -rf %t && mkdir %t
// RUN: %alloy_cc1 -O2 -c %s -o %t/a.o -fplugin-arg-alloy-gpu-arch=sm_90 -fplugin-arg-alloy-trace=%t/default
// RUN: FileCheck %s --check-prefix=DEFAULT < %t/default/fp-modes.ptx
// RUN: %alloy_cc1 -O2 -c %s -o %t/a.o -fplugin-arg-alloy-fp-contract=off -fplugin-arg-alloy-trace=%t/off
// RUN: FileCheck %s --check-prefix=OFF < %t/off/fp-modes.ptx
// RUN: %alloy_cc1 -O2 -c %s -o %t/a.o -ffp-contract=off -fplugin-arg-alloy-trace=%t/clang-off
// RUN: FileCheck %s --check-prefix=OFF < %t/clang-off/fp-modes.ptx
// RUN: %alloy_cc1 -O2 -c %s -o %t/a.o -fplugin-arg-alloy-fast-math -fplugin-arg-alloy-trace=%t/fast
// RUN: FileCheck %s --check-prefix=FAST < %t/fast/fp-modes.ptx
// RUN: %alloy_cc1 -O2 -c %s -o %t/a.o -ffast-math -fplugin-arg-alloy-trace=%t/clang-fast
// Alloy's headers compile without warnings under -ffast-math (no INFINITY or
// NAN written in them):
// RUN: %alloy_cc1 -fsyntax-only -ffast-math -Wall %s 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// QUIET-NOT: warning
// RUN: FileCheck %s --check-prefix=FAST < %t/clang-fast/fp-modes.ptx
// RUN: not %alloy_cc1 -fsyntax-only %s -fplugin-arg-alloy-fp-contract=maybe 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: Alloy: fp-contract=maybe: expected fast, on or off
#include <gpu/gpu.hpp>
#include <cmath>

namespace kernels {
// DEFAULT-LABEL: .entry {{.*}}4axpy
// DEFAULT: fma.rn.f32
// OFF-LABEL: .entry {{.*}}4axpy
// OFF-NOT: fma
// OFF: mul.rn.f32
// OFF: add.rn.f32
[[gpu::kernel, gpu::launch_contract(1, 256)]]
void axpy(std::span<const float> x, gpu::disjoint_span<float> y, float a) {
  auto i = gpu::thread::index_1d();
  if (float *o = y.get_mut(i))
    *o = a * x[i.get()] + *o;
}

// The pragma wins over the default.
// IR-LABEL: alloy.kernel @_ZN7kernels10pragma_off
// IR: arith.mulf %{{.*}} {alloy.fp_contract = "off"} : f32
// IR: arith.addf %{{.*}} {alloy.fp_contract = "off"} : f32
// DEFAULT-LABEL: .entry {{.*}}10pragma_off
// DEFAULT-NOT: fma
// DEFAULT: mul.rn.f32
// DEFAULT: add.rn.f32
[[gpu::kernel, gpu::launch_contract(1, 256)]]
void pragma_off(std::span<const float> x, gpu::disjoint_span<float> y,
                float a) {
#pragma clang fp contract(off)
  auto i = gpu::thread::index_1d();
  if (float *o = y.get_mut(i))
    *o = a * x[i.get()] + *o;
}

// FAST-LABEL: .entry {{.*}}9fast_math
// FAST: ex2.approx.ftz.f32
// FAST: div.approx.ftz.f32
// FAST: rsqrt.approx.ftz.f32
// FAST: sin.approx.ftz.f32
// Double precision stays exact.
// FAST: div.rn.f64
// DEFAULT-LABEL: .entry {{.*}}9fast_math
// DEFAULT-NOT: rsqrt
// DEFAULT-NOT: div.approx
// DEFAULT: div.rn.f32
// DEFAULT: sqrt.rn.f32
// DEFAULT: div.rn.f64
[[gpu::kernel, gpu::launch_contract(1, 256)]]
void fast_math(std::span<const float> x, gpu::disjoint_span<float> y,
               gpu::disjoint_span<double> z) {
  auto i = gpu::thread::index_1d();
  float v = x[i.get()];
  if (float *o = y.get_mut(i))
    *o = std::exp(v) / v + 1.0f / std::sqrt(v) + std::sin(v);
  if (double *o = z.get_mut(i))
    *o = double(v) / 3.0;
}
} // namespace kernels
