// PTX inline assembly: CUDA's asm statement (h r l f d n constraints, +,
// tied and named operands, %%, %=, "memory") and Alloy's
// gpu::ptx::asm_volatile (constraints from the operand types) become
// alloy.inline_asm, and their text reaches the PTX.
// RUN: %alloy_cc1 -fsyntax-only -fplugin-arg-alloy-print-alloy %s | FileCheck %s --check-prefix=IR
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-gpu-arch=sm_90 -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s --check-prefix=PTX < %t/inline-asm.ptx
#include <gpu/gpu.hpp>
#include <gpu/half.hpp>
#include <gpu/ptx.hpp>

inline unsigned lane() {
  unsigned id;
  asm("mov.u32 %0, %%laneid;" : "=r"(id));
  return id;
}

namespace kernels {
// IR-LABEL: alloy.kernel @_ZN7kernels4cudaEPfPjPt
// PTX-LABEL: .entry _ZN7kernels4cudaEPfPjPt(
[[gpu::kernel]] void cuda(float *f, unsigned *u, unsigned short *h) {
  float d;
  // IR: alloy.inline_asm "// asm statement at inline-asm.cpp:[[#@LINE+3]] (alloy:{{[0-9]+}})\0A{\0A .reg .f32 t;\0A add.f32 t, $1, $2;\0A mov.f32 $0, t;\0A}" "=f,f,f" %{{.*}}, %{{.*}} {side_effects} : (f32, f32) -> f32
  // PTX: // asm statement at inline-asm.cpp:[[#@LINE+2]]
  // PTX: add.f32 t, %r{{[0-9]+}}, %r{{[0-9]+}};
  asm volatile("{\n .reg .f32 t;\n add.f32 t, %1, %2;\n mov.f32 %0, t;\n}"
               : "=f"(d)
               : "f"(f[0]), "f"(f[1]));
  f[2] = d;
  unsigned x = u[0];
  // IR: alloy.inline_asm "{{.*}}add.u32 $0, $0, $1;" "=r,n,0,~{memory}" %{{.*}}, %{{.*}} {side_effects} : (i32, i32) -> i32
  // PTX: add.u32 %r{{[0-9]+}}, %r{{[0-9]+}}, 7;
  asm volatile("add.u32 %0, %0, %1;" : "+r"(x) : "n"(7) : "memory");
  u[1] = x;
  unsigned short s;
  // IR: alloy.inline_asm "{{.*}}add.u16 $0, $1, $1;" "=h,h" %{{.*}} : (i16) -> i16
  // PTX: add.u16 %rs{{[0-9]+}}, %rs{{[0-9]+}}, %rs{{[0-9]+}};
  asm("add.u16 %[out], %[in], %[in];" : [out] "=h"(s) : [in] "h"(h[0]));
  h[1] = s;
  unsigned long long t;
  // PTX: mov.u64 %rd{{[0-9]+}}, %globaltimer;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  u[2] = unsigned(t) & 0 + lane();
  // PTX: mov.u32 %r{{[0-9]+}}, %laneid;
}

// IR-LABEL: alloy.kernel @_ZN7kernels5alloyEPfPjPN3gpu11basic_half2IDF16_EE
// PTX-LABEL: .entry _ZN7kernels5alloyEPfPjPN3gpu11basic_half2IDF16_EE(
[[gpu::kernel]] void alloy(float *f, unsigned *u, gpu::half2 *h) {
  float d;
  // IR: alloy.inline_asm "fma.rn.f32 $0, $1, $2, $1;" "=f,f,f,~{memory}" %{{.*}}, %{{.*}} {side_effects} : (f32, f32) -> f32
  // PTX: fma.rn.f32 %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}};
  gpu::ptx::asm_volatile("fma.rn.f32 %0, %1, %2, %1;", gpu::ptx::out(d), f[0],
                         f[1]);
  f[2] = d;
  unsigned c = u[0];
  // IR: alloy.inline_asm "add.u32 $0, $0, $1;" "=r,r,0,~{memory}"
  gpu::ptx::asm_volatile("add.u32 %0, %0, %1;", gpu::ptx::inout(c), 5u);
  u[1] = c;
  gpu::half2 y;
  // A pair of halves travels as its 32 bits; %1 (the output) is LLVM's $0.
  // IR: alloy.inline_asm "add.rn.f16x2 $0, $1, $1;" "=r,r,~{memory}" %{{.*}} {side_effects} : (i32) -> i32
  // PTX: add.rn.f16x2 %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}};
  gpu::ptx::asm_volatile("add.rn.f16x2 %1, %0, %0;", h[0], gpu::ptx::out(y));
  h[1] = y;
}
} // namespace kernels
