// RUN: alloy-opt %s | alloy-opt | FileCheck %s
// RUN: alloy-opt --alloy-to-llvm %s | FileCheck %s --check-prefix=LLVM
// RUN: alloy-opt --alloy-to-llvm %s | mlir-translate --mlir-to-llvmir | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 | FileCheck %s --check-prefix=PTX

// CHECK: alloy.global_constant @table = "\01\00\00\00\02\00\00\00", align 4
// LLVM: llvm.mlir.global internal constant @table("\01\00\00\00\02\00\00\00") {addr_space = 4 : i32, alignment = 4 : i64}
// PTX: .const .align 4 .b8 table[8] = {1, 0, 0, 0, 2};
alloy.global_constant @table = "\01\00\00\00\02\00\00\00", align 4
// CHECK-LABEL: alloy.kernel @k
alloy.kernel @k(%out: !alloy.ptr<global> {alloy.noalias}) {
  // CHECK: alloy.constant_address @table : !alloy.ptr<constant>
  // LLVM: llvm.mlir.addressof @table : !llvm.ptr<4>
  %p = alloy.constant_address @table : !alloy.ptr<constant>
  %g = alloy.addrspace_cast %p : !alloy.ptr<constant> to !alloy.ptr
  %c1 = arith.constant 1 : i64
  %q = alloy.ptr_add %g[%c1] elem i32 : !alloy.ptr
  %v = alloy.load %q align 4 : !alloy.ptr -> i32
  %o = alloy.addrspace_cast %out : !alloy.ptr<global> to !alloy.ptr
  alloy.store %v, %o align 4 : i32, !alloy.ptr
  alloy.return
}
