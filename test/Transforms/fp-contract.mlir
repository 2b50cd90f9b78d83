// alloy-fp-contract: which products and sums may fuse into an FMA.
// RUN: alloy-opt %s --alloy-fp-contract | FileCheck %s --check-prefix=FAST
// RUN: alloy-opt %s --alloy-fp-contract=mode=on | FileCheck %s --check-prefix=ON
// RUN: alloy-opt %s --alloy-fp-contract=mode=off | FileCheck %s --check-prefix=OFF
// RUN: not alloy-opt %s --alloy-fp-contract=mode=sometimes 2>&1 | FileCheck %s --check-prefix=BAD
// In the PTX, one fma.rn.f32 by default and none with mode=off.
// RUN: alloy-opt %s --alloy-fp-contract --alloy-to-llvm | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 | FileCheck %s --check-prefix=PTX
// RUN: alloy-opt %s --alloy-fp-contract=mode=off --alloy-to-llvm | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 | FileCheck %s --check-prefix=PTX-OFF

// BAD: alloy-fp-contract: mode must be fast, on or off, not 'sometimes'

// FAST-LABEL: func.func @muladd
// FAST: arith.mulf %{{.*}} fastmath<contract>
// FAST: arith.addf %{{.*}} fastmath<contract>
// ON-LABEL: func.func @muladd
// ON: arith.mulf %{{.*}} fastmath<contract>
// ON: arith.addf %{{.*}} fastmath<contract>
// OFF-LABEL: func.func @muladd
// OFF-NOT: contract
// OFF: return
// PTX-LABEL: muladd(
// PTX: fma.rn.f32
// PTX-OFF-LABEL: muladd(
// PTX-OFF-NOT: fma
// PTX-OFF: mul.rn.f32
// PTX-OFF: add.rn.f32
func.func @muladd(%a: f32, %b: f32, %c: f32) -> f32 {
  %m = arith.mulf %a, %b : f32
  %s = arith.addf %m, %c : f32
  return %s : f32
}

// A product used twice is not one expression's: "on" leaves it alone.
// FAST-LABEL: func.func @shared_product
// FAST-COUNT-3: fastmath<contract>
// ON-LABEL: func.func @shared_product
// ON-NOT: contract
// ON: return
func.func @shared_product(%a: f32, %b: f32, %c: f32) -> (f32, f32) {
  %m = arith.mulf %a, %b : f32
  %s = arith.addf %m, %c : f32
  %t = arith.subf %c, %m : f32
  return %s, %t : f32, f32
}

// A pragma's mode wins over the pass option, and its mark is removed.
// FAST-LABEL: func.func @pragma_off
// FAST-NOT: contract
// FAST-NOT: alloy.fp_contract
// FAST: return
// OFF-LABEL: func.func @pragma_fast
// OFF: arith.mulf %{{.*}} fastmath<contract>
// OFF-NOT: alloy.fp_contract
func.func @pragma_off(%a: f32, %b: f32, %c: f32) -> f32 {
  %m = arith.mulf %a, %b {alloy.fp_contract = "off"} : f32
  %s = arith.addf %m, %c {alloy.fp_contract = "off"} : f32
  return %s : f32
}
func.func @pragma_fast(%a: f64, %b: f64, %c: f64) -> f64 {
  %m = arith.mulf %a, %b {alloy.fp_contract = "fast"} : f64
  %s = arith.addf %m, %c {alloy.fp_contract = "fast"} : f64
  return %s : f64
}
