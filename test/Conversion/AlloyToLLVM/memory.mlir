// Memory operations.
// RUN: alloy-opt %s --convert-alloy-to-llvm | FileCheck %s
// RUN: alloy-opt %s --alloy-to-llvm | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -o /dev/null

!span = !alloy.record<"std::span<const float>", 16, 8>

// CHECK-LABEL: llvm.func @memory(
// CHECK-SAME: %[[G:[^:]*]]: !llvm.ptr<1>, %[[N:[^:]*]]: i64, %[[S:[^:]*]]: !llvm.ptr<3>)
alloy.kernel @memory(%g: !alloy.ptr<global>, %n: i64, %s: !alloy.ptr<shared>) {
  // The alloca of ^bb1 is hoisted to the start of the entry block.
  // CHECK-NEXT: %[[ONE0:.*]] = llvm.mlir.constant(1 : i64) : i64
  // CHECK-NEXT: %[[LATE:.*]] = llvm.alloca %[[ONE0]] x i64 {alignment = 8 : i64} : (i64) -> !llvm.ptr
  // CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i64) : i64
  // CHECK-NEXT: %[[F:.*]] = llvm.alloca %[[ONE]] x f32 {alignment = 4 : i64} : (i64) -> !llvm.ptr
  %f = alloy.alloca f32, align 4
  // CHECK: %[[R:.*]] = llvm.alloca %{{.*}} x !llvm.array<16 x i8> {alignment = 8 : i64} : (i64) -> !llvm.ptr
  %r = alloy.alloca !span, align 8
  // CHECK: %[[V:.*]] = llvm.load %[[G]] {alignment = 4 : i64} : !llvm.ptr<1> -> f32
  %v = alloy.load %g align 4 : !alloy.ptr<global> -> f32
  // CHECK: llvm.store %[[V]], %[[F]] {alignment = 4 : i64} : f32, !llvm.ptr
  alloy.store %v, %f align 4 : f32, !alloy.ptr
  // CHECK: llvm.load volatile %[[S]] {alignment = 4 : i64} : !llvm.ptr<3> -> i32
  %w = alloy.load volatile %s align 4 : !alloy.ptr<shared> -> i32
  // CHECK: llvm.store volatile %{{.*}}, %[[S]] {alignment = 4 : i64} : i32, !llvm.ptr<3>
  alloy.store volatile %w, %s align 4 : i32, !alloy.ptr<shared>
  // CHECK: llvm.getelementptr inbounds %[[G]][%[[N]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
  %q = alloy.ptr_add %g[%n] elem f32 : !alloy.ptr<global>
  // CHECK: llvm.getelementptr inbounds %[[R]][%[[N]]] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<16 x i8>
  %q2 = alloy.ptr_add %r[%n] elem !span : !alloy.ptr
  // CHECK: %[[M:.*]] = llvm.getelementptr inbounds %[[R]][8] : (!llvm.ptr) -> !llvm.ptr, i8
  %m = alloy.member_addr %r, 8 : !alloy.ptr
  // CHECK: llvm.store %[[N]], %[[M]] {alignment = 8 : i64} : i64, !llvm.ptr
  alloy.store %n, %m align 8 : i64, !alloy.ptr
  // CHECK: %[[Z:.*]] = llvm.mlir.zero : !llvm.ptr<1>
  %z = alloy.null : !alloy.ptr<global>
  // CHECK: %[[GEN:.*]] = llvm.addrspacecast %[[Z]] : !llvm.ptr<1> to !llvm.ptr
  %gen = alloy.addrspace_cast %z : !alloy.ptr<global> to !alloy.ptr
  // CHECK: %[[I:.*]] = llvm.ptrtoint %[[GEN]] : !llvm.ptr to i64
  %i = alloy.ptr_to_int %gen : !alloy.ptr to i64
  // CHECK: llvm.inttoptr %[[I]] : i64 to !llvm.ptr<3>
  %ip = alloy.int_to_ptr %i : i64 to !alloy.ptr<shared>
  // CHECK: %[[LEN:.*]] = llvm.mlir.constant(16 : i64) : i64
  // CHECK: "llvm.intr.memcpy"(%[[R]], %[[GEN]], %[[LEN]]) <{arg_attrs = [{llvm.align = 8 : i64}, {llvm.align = 8 : i64}, {}], isVolatile = false}>
  alloy.memcpy %r, %gen, 16 align 8 : !alloy.ptr, !alloy.ptr
  cf.br ^bb1
^bb1:
  // CHECK: ^bb1:
  // CHECK-NEXT: llvm.store %[[N]], %[[LATE]]
  %late = alloy.alloca i64, align 8
  alloy.store %n, %late align 8 : i64, !alloy.ptr
  alloy.return
}

// The pipeline leaves stack slots to LLVM's SROA (clang's -O pipeline): a
// memcpy from an unaligned pointer into a slot keeps its alignment of 1
// (MLIR's SROA and mem2reg would replace it by a load claiming align 4).
// RUN: alloy-opt %s --alloy-to-llvm | FileCheck %s --check-prefix=PIPELINE
// PIPELINE-LABEL: llvm.func internal @unaligned_copy(
// PIPELINE: "llvm.intr.memcpy"(%{{.*}}, %arg0, %{{.*}}) <{arg_attrs = [{llvm.align = 1 : i64}, {llvm.align = 1 : i64}
// PIPELINE-NOT: llvm.load %arg0
func.func @unaligned_copy(%p: !alloy.ptr) -> f32 {
  %s = alloy.alloca f32, align 4
  alloy.memcpy %s, %p, 4 align 1 : !alloy.ptr, !alloy.ptr
  %v = alloy.load %s align 4 : !alloy.ptr -> f32
  return %v : f32
}
