// Shared memory: module-level arrays in address space 3, dynamic shared
// memory as an extern zero-sized array, and its size register.
// RUN: alloy-opt --convert-alloy-to-llvm %s | FileCheck %s
// RUN: alloy-opt --alloy-to-llvm %s | mlir-translate --mlir-to-llvmir | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 | FileCheck %s --check-prefix=PTX

// CHECK-DAG: llvm.mlir.global external @__alloy_dynamic_shared() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
// CHECK-DAG: llvm.mlir.global internal @tile() {addr_space = 3 : i32, alignment = 4 : i64} : !llvm.array<1024 x i8>
// CHECK: llvm.mlir.undef : !llvm.array<1024 x i8>
// PTX-DAG: .extern .shared .align 16 .b8 __alloy_dynamic_shared[];
// PTX-DAG: .shared .align 4 .b8 tile[1024];
alloy.shared_memory @tile : !alloy.record<"float[256]", 1024, 4>, align 4
alloy.kernel @k(%out: !alloy.ptr<global> {alloy.noalias}) {
  // CHECK: llvm.mlir.addressof @tile : !llvm.ptr<3>
  %p = alloy.shared_address @tile : !alloy.ptr<shared>
  %g = alloy.addrspace_cast %p : !alloy.ptr<shared> to !alloy.ptr
  %t = alloy.thread_id x
  %f = arith.uitofp %t : i32 to f32
  // PTX: st.shared.b32
  alloy.store %f, %g align 4 : f32, !alloy.ptr
  // PTX: bar.sync 0
  alloy.barrier
  // CHECK: llvm.mlir.addressof @__alloy_dynamic_shared : !llvm.ptr<3>
  %d = alloy.dynamic_shared_base : !alloy.ptr<shared>
  %dg = alloy.addrspace_cast %d : !alloy.ptr<shared> to !alloy.ptr
  %v = alloy.load %g align 4 : !alloy.ptr -> f32
  alloy.store %v, %dg align 4 : f32, !alloy.ptr
  // CHECK: llvm.call_intrinsic "llvm.nvvm.read.ptx.sreg.dynamic_smem_size"
  // PTX: %dynamic_smem_size
  %n = alloy.dynamic_shared_size
  %o = alloy.addrspace_cast %out : !alloy.ptr<global> to !alloy.ptr
  alloy.store %n, %o align 4 : i32, !alloy.ptr
  alloy.return
}
