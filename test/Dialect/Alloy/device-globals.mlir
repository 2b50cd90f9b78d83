// RUN: alloy-opt %s | alloy-opt | FileCheck %s
// RUN: alloy-opt --alloy-to-llvm %s | FileCheck %s --check-prefix=LLVM
// RUN: alloy-opt --alloy-to-llvm %s | mlir-translate --mlir-to-llvmir | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 | FileCheck %s --check-prefix=PTX

// CHECK: alloy.device_global @table : 8 bytes in constant = "\01\00\00\00\02\00\00\00", align 4
// LLVM: llvm.mlir.global external @table("\01\00\00\00\02\00\00\00") {addr_space = 4 : i32, alignment = 4 : i64, externally_initialized}
// PTX: .visible .const .align 4 .b8 table[8] = {1, 0, 0, 0, 2};
alloy.device_global @table : 8 bytes in constant = "\01\00\00\00\02\00\00\00", align 4
// CHECK: alloy.device_global @counter : 4 bytes in global, align 4
// LLVM: llvm.mlir.global external @counter("\00\00\00\00") {addr_space = 1 : i32, alignment = 4 : i64, externally_initialized}
// PTX: .visible .global .align 4 .b8 counter[4];
alloy.device_global @counter : 4 bytes in global, align 4
// CHECK-LABEL: alloy.kernel @k
alloy.kernel @k() {
  // CHECK: alloy.global_address @table : !alloy.ptr<constant>
  // LLVM-DAG: llvm.mlir.addressof @table : !llvm.ptr<4>
  %t = alloy.global_address @table : !alloy.ptr<constant>
  %tg = alloy.addrspace_cast %t : !alloy.ptr<constant> to !alloy.ptr
  // PTX: ld.const.b32 {{.*}}[table+4]
  %c1 = arith.constant 1 : i64
  %q = alloy.ptr_add %tg[%c1] elem i32 : !alloy.ptr
  %v = alloy.load %q align 4 : !alloy.ptr -> i32
  // CHECK: alloy.global_address @counter : !alloy.ptr<global>
  // LLVM-DAG: llvm.mlir.addressof @counter : !llvm.ptr<1>
  %c = alloy.global_address @counter : !alloy.ptr<global>
  %cg = alloy.addrspace_cast %c : !alloy.ptr<global> to !alloy.ptr
  // PTX: st.global.b32 [counter],
  alloy.store %v, %cg align 4 : i32, !alloy.ptr
  alloy.return
}
