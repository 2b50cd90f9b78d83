// alloy.approx: exp2 and tanh as PTX's 16-bit instructions where the
// target has them (f16 always; bf16 from sm_90), everything else through
// f32 (extend, one approximate f32 instruction, round back). Then through
// LLVM's NVPTX backend to PTX for sm_90 and sm_80, and ptxas.
// RUN: alloy-opt %s --convert-alloy-to-llvm="sm=90" | FileCheck %s --check-prefixes=CHECK,SM90
// RUN: alloy-opt %s --convert-alloy-to-llvm="sm=80" | FileCheck %s --check-prefixes=CHECK,SM80
// RUN: alloy-opt %s --convert-alloy-to-llvm="sm=90" --reconcile-unrealized-casts \
// RUN:   | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 -mattr=+ptx80 -o %t.sm90.ptx
// RUN: FileCheck %s --check-prefix=PTX90 < %t.sm90.ptx
// RUN: alloy-opt %s --convert-alloy-to-llvm --reconcile-unrealized-casts \
// RUN:   | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -mattr=+ptx80 -o %t.sm80.ptx
// RUN: FileCheck %s --check-prefix=PTX80 < %t.sm80.ptx

// CHECK-LABEL: llvm.func {{.*}}@f16(
// PTX90-LABEL: .func{{.*}} f16(
// PTX80-LABEL: .func{{.*}} f16(
func.func @f16(%h: f16, %p: vector<2xf16>) -> (f16, vector<2xf16>, f16, vector<2xf16>) {
  // CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.f16"(%{{.*}}) : (f16) -> f16
  // PTX90: ex2.approx.f16 %rs{{[0-9]+}}, %rs{{[0-9]+}};
  // PTX80: ex2.approx.f16 %rs{{[0-9]+}}, %rs{{[0-9]+}};
  %0 = alloy.approx exp2 %h : f16
  // CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.v2f16"(%{{.*}}) : (vector<2xf16>) -> vector<2xf16>
  // PTX90: ex2.approx.f16x2
  // PTX80: ex2.approx.f16x2
  %1 = alloy.approx exp2 %p : vector<2xf16>
  // Not a side effect: no `has_side_effects`.
  // CHECK: llvm.inline_asm "tanh.approx.f16 $0, $1;", "=h,h" %{{.*}} : (i16) -> i16
  // PTX90: tanh.approx.f16
  // PTX80: tanh.approx.f16
  %2 = alloy.approx tanh %h : f16
  // CHECK: llvm.inline_asm "tanh.approx.f16x2 $0, $1;", "=r,r" %{{.*}} : (i32) -> i32
  // PTX90: tanh.approx.f16x2
  // PTX80: tanh.approx.f16x2
  %3 = alloy.approx tanh %p : vector<2xf16>
  return %0, %1, %2, %3 : f16, vector<2xf16>, f16, vector<2xf16>
}

// bf16: ex2.approx.ftz.bf16 and tanh.approx.bf16 on sm_90; below, f32's
// ex2.approx.f32 and tanh.approx.f32 (no .ftz: bf16 has subnormals of f32's
// range). The value widens as its bits shifted left.
// CHECK-LABEL: llvm.func {{.*}}@bf16(
// PTX90-LABEL: .func{{.*}} bf16(
// PTX80-LABEL: .func{{.*}} bf16(
func.func @bf16(%h: bf16, %p: vector<2xbf16>) -> (bf16, vector<2xbf16>, bf16, vector<2xbf16>) {
  // SM90: llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.bf16"(%{{.*}}) : (bf16) -> bf16
  // SM80: llvm.shl
  // SM80: llvm.call_intrinsic "llvm.nvvm.ex2.approx.f32"
  // SM80: llvm.fptrunc %{{.*}} : f32 to bf16
  // PTX90: ex2.approx.ftz.bf16 %rs
  // PTX80: ex2.approx.f32
  // PTX80: cvt.rn.bf16.f32
  %0 = alloy.approx exp2 %h : bf16
  // SM90: llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.v2bf16"
  // SM80-COUNT-2: llvm.call_intrinsic "llvm.nvvm.ex2.approx.f32"
  // SM80: llvm.fptrunc %{{.*}} : vector<2xf32> to vector<2xbf16>
  // PTX90: ex2.approx.ftz.bf16x2
  // PTX80-COUNT-2: ex2.approx.f32
  // PTX80: cvt.rn.bf16x2.f32
  %1 = alloy.approx exp2 %p : vector<2xbf16>
  // SM90: llvm.inline_asm "tanh.approx.bf16 $0, $1;", "=h,h"
  // SM80: llvm.inline_asm "tanh.approx.f32 $0, $1;", "=f,f"
  // PTX90: tanh.approx.bf16 %rs
  // PTX80: tanh.approx.f32
  %2 = alloy.approx tanh %h : bf16
  // SM90: llvm.inline_asm "tanh.approx.bf16x2 $0, $1;", "=r,r"
  // SM80-COUNT-2: llvm.inline_asm "tanh.approx.f32 $0, $1;", "=f,f"
  // PTX90: tanh.approx.bf16x2
  // PTX80-COUNT-2: tanh.approx.f32
  %3 = alloy.approx tanh %p : vector<2xbf16>
  return %0, %1, %2, %3 : bf16, vector<2xbf16>, bf16, vector<2xbf16>
}

// Through f32 on every target: f16 with the .ftz instructions, bf16
// without.
// CHECK-LABEL: llvm.func {{.*}}@through_f32(
// PTX90-LABEL: .func{{.*}} through_f32(
func.func @through_f32(%h: f16, %b: bf16, %p: vector<2xf16>) -> (f16, f16, f16, f16, f16, f16, f16, f16, bf16, bf16, vector<2xf16>) {
  // CHECK: llvm.fpext %{{.*}} : f16 to f32
  // CHECK: llvm.fmul %{{.*}}, %{{.*}} : f32
  // CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.f32"
  // CHECK: llvm.fptrunc %{{.*}} : f32 to f16
  // PTX90: ex2.approx.ftz.f32
  %0 = alloy.approx exp %h : f16
  // CHECK: llvm.call_intrinsic "llvm.nvvm.lg2.approx.ftz.f"
  // CHECK: llvm.fmul
  // PTX90: lg2.approx.ftz.f32
  %1 = alloy.approx log %h : f16
  // CHECK: llvm.call_intrinsic "llvm.nvvm.lg2.approx.ftz.f"
  %2 = alloy.approx log2 %h : f16
  // CHECK: llvm.call_intrinsic "llvm.nvvm.sqrt.approx.ftz.f"
  // PTX90: sqrt.approx.ftz.f32
  %3 = alloy.approx sqrt %h : f16
  // CHECK: llvm.call_intrinsic "llvm.nvvm.rsqrt.approx.ftz.f"
  // PTX90: rsqrt.approx.ftz.f32
  %4 = alloy.approx rsqrt %h : f16
  // CHECK: llvm.call_intrinsic "llvm.nvvm.rcp.approx.ftz.f"
  // PTX90: rcp.approx.ftz.f32
  %5 = alloy.approx rcp %h : f16
  // The argument reduced to [-pi, pi] first; k = 0 keeps x (and -0).
  // CHECK: llvm.intr.roundeven
  // CHECK: llvm.intr.fma
  // CHECK: llvm.intr.fma
  // CHECK: llvm.fcmp "oeq"
  // CHECK: llvm.select
  // CHECK: llvm.call_intrinsic "llvm.nvvm.sin.approx.ftz.f"
  // PTX90: cvt.rni.f32.f32
  // PTX90: sin.approx.ftz.f32
  %6 = alloy.approx sin %h : f16
  // CHECK: llvm.intr.roundeven
  // CHECK: llvm.call_intrinsic "llvm.nvvm.cos.approx.ftz.f"
  // PTX90: cos.approx.ftz.f32
  %7 = alloy.approx cos %h : f16
  // CHECK: llvm.inline_asm "rcp.approx.f32 $0, $1;", "=f,f"
  // PTX90: rcp.approx.f32
  %8 = alloy.approx rcp %b : bf16
  // CHECK: llvm.call_intrinsic "llvm.nvvm.sqrt.approx.f"
  // PTX90: sqrt.approx.f32
  %9 = alloy.approx sqrt %b : bf16
  // CHECK-COUNT-2: llvm.call_intrinsic "llvm.nvvm.rsqrt.approx.ftz.f"
  // CHECK: llvm.fptrunc %{{.*}} : vector<2xf32> to vector<2xf16>
  // PTX90-COUNT-2: rsqrt.approx.ftz.f32
  // PTX90: cvt.rn.f16x2.f32
  %10 = alloy.approx rsqrt %p : vector<2xf16>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : f16, f16, f16, f16, f16, f16, f16, f16, bf16, bf16, vector<2xf16>
}
