// alloy-fast-math: single precision only.
// RUN: alloy-opt %s --alloy-fast-math | FileCheck %s
// RUN: alloy-opt %s --alloy-fast-math --alloy-to-llvm | FileCheck %s --check-prefix=LLVM
// RUN: alloy-opt %s --alloy-fast-math --alloy-to-llvm | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 | FileCheck %s --check-prefix=PTX

// CHECK-LABEL: func.func @single
// CHECK: arith.divf %{{.*}} fastmath<arcp,afn> : f32
// CHECK: math.exp %{{.*}} fastmath<afn> : f32
// CHECK: math.sqrt %{{.*}} fastmath<afn> : f32
// LLVM-LABEL: llvm.func internal @single
// LLVM: llvm.fdiv %{{.*}} {fastmathFlags = #llvm.fastmath<arcp, afn>} : f32
// LLVM: llvm.call @__nv_fast_expf
// LLVM: llvm.intr.sqrt(%{{.*}}) {fastmathFlags = #llvm.fastmath<afn>}
// PTX-LABEL: single(
// PTX: div.approx.f32
// PTX: sqrt.approx.f32
func.func @single(%a: f32, %b: f32) -> (f32, f32, f32) {
  %d = arith.divf %a, %b : f32
  %e = math.exp %a : f32
  %s = math.sqrt %b : f32
  return %d, %e, %s : f32, f32, f32
}

// A reciprocal square root becomes one rsqrt.approx.
// PTX-LABEL: reciprocal_sqrt(
// PTX: rsqrt.approx.f32
// PTX-NOT: div
func.func @reciprocal_sqrt(%a: f32) -> f32 {
  %one = arith.constant 1.0 : f32
  %s = math.sqrt %a : f32
  %r = arith.divf %one, %s : f32
  return %r : f32
}

// tanh is PTX's tanh.approx.f32, as nvcc's.
// PTX-LABEL: hyperbolic(
// PTX: tanh.approx.f32
func.func @hyperbolic(%a: f32) -> f32 {
  %r = math.tanh %a : f32
  return %r : f32
}

// Double precision is unchanged, as in nvcc.
// CHECK-LABEL: func.func @double
// CHECK-NOT: fastmath
// CHECK: return
// LLVM-LABEL: llvm.func internal @double
// PTX-LABEL: double(
// LLVM: llvm.call @__nv_exp(
func.func @double(%a: f64, %b: f64) -> (f64, f64) {
  %d = arith.divf %a, %b : f64
  %e = math.exp %a : f64
  return %d, %e : f64, f64
}
