// math on f32/f64 calls libdevice; the rest uses LLVM intrinsics.
// RUN: alloy-opt %s --convert-alloy-to-llvm | FileCheck %s
// RUN: alloy-opt %s --alloy-to-llvm | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 | FileCheck %s --check-prefix=PTX

// CHECK-DAG: llvm.func @__nv_expf(f32) -> f32
// CHECK-DAG: llvm.func @__nv_exp(f64) -> f64
// CHECK-DAG: llvm.func @__nv_sinf(f32) -> f32
// CHECK-DAG: llvm.func @__nv_powf(f32, f32) -> f32
// CHECK-DAG: llvm.func @__nv_fmodf(f32, f32) -> f32
// PTX-DAG: .extern .func {{.*}}__nv_expf{{$}}
// PTX-DAG: .extern .func {{.*}}__nv_exp{{$}}

// CHECK-LABEL: llvm.func internal @f(
func.func private @f(%x: f32, %y: f64, %i: i32) -> f32 {
  // CHECK: llvm.call @__nv_expf(%{{.*}}) : (f32) -> f32
  %a = math.exp %x : f32
  // CHECK: llvm.call @__nv_exp(%{{.*}}) : (f64) -> f64
  %b = math.exp %y : f64
  // CHECK: llvm.call @__nv_sinf(
  %c = math.sin %x : f32
  // CHECK: llvm.call @__nv_powf(
  %d = math.powf %x, %x : f32
  // CHECK: llvm.call @__nv_fmodf(
  %e = arith.remf %x, %x : f32
  // CHECK: llvm.intr.ctlz
  %g = math.ctlz %i : i32
  %s0 = arith.addf %a, %c : f32
  %s1 = arith.addf %s0, %d : f32
  %s2 = arith.addf %s1, %e : f32
  %bf = arith.truncf %b : f64 to f32
  %s3 = arith.addf %s2, %bf : f32
  %gf = arith.sitofp %g : i32 to f32
  %s4 = arith.addf %s3, %gf : f32
  return %s4 : f32
}

alloy.kernel @k(%p: !alloy.ptr<global>, %y: f64, %i: i32) {
  %x = alloy.load %p align 4 : !alloy.ptr<global> -> f32
  %r = func.call @f(%x, %y, %i) : (f32, f64, i32) -> f32
  alloy.store %r, %p align 4 : f32, !alloy.ptr<global>
  alloy.return
}
