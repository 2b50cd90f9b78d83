// End to end: a vecadd shaped like the Clang plugin's output, through the
// whole pipeline, LLVM IR translation and the NVPTX backend.
// RUN: alloy-opt %s --alloy-to-llvm | FileCheck %s --check-prefix=MLIR
// RUN: alloy-opt %s --alloy-to-llvm | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 | FileCheck %s

// The thread index carries the contract's range; the parameters' stack slots
// are left to LLVM's SROA, which the PTX below shows removed.
// MLIR-LABEL: llvm.func @vecadd(
// MLIR-SAME: nvvm.kernel
// MLIR: nvvm.read.ptx.sreg.tid.x range <i32, 0, 256>
// MLIR: llvm.return

// CHECK-NOT: .local
// CHECK-NOT: __local_depot
// CHECK-LABEL: .visible .entry vecadd(
// CHECK: .reqntid 256, 1, 1
// CHECK-NOT: .local
// CHECK: ld.global.nc.{{f32|b32}}
// CHECK: ld.global.nc.{{f32|b32}}
// CHECK: add.{{(rn.)?}}f32
// CHECK: st.global.{{f32|b32}}
// CHECK-NOT: .local
// CHECK: ret;

alloy.kernel @vecadd(%a: !alloy.ptr<global> {alloy.noalias, alloy.readonly},
                     %an: i64,
                     %b: !alloy.ptr<global> {alloy.noalias, alloy.readonly},
                     %bn: i64,
                     %c: !alloy.ptr<global> {alloy.noalias}, %cn: i64)
    attributes {qualified_name = "vecadd", contract_domain = 1 : i32,
                contract_block = array<i32: 256, 1, 1>} {
  %a.addr = alloy.alloca !alloy.ptr<global>, align 8
  %an.addr = alloy.alloca i64, align 8
  %b.addr = alloy.alloca !alloy.ptr<global>, align 8
  %bn.addr = alloy.alloca i64, align 8
  %c.addr = alloy.alloca !alloy.ptr<global>, align 8
  %cn.addr = alloy.alloca i64, align 8
  %i.addr = alloy.alloca i64, align 8
  alloy.store %a, %a.addr align 8 : !alloy.ptr<global>, !alloy.ptr
  alloy.store %an, %an.addr align 8 : i64, !alloy.ptr
  alloy.store %b, %b.addr align 8 : !alloy.ptr<global>, !alloy.ptr
  alloy.store %bn, %bn.addr align 8 : i64, !alloy.ptr
  alloy.store %c, %c.addr align 8 : !alloy.ptr<global>, !alloy.ptr
  alloy.store %cn, %cn.addr align 8 : i64, !alloy.ptr
  %bid = alloy.block_id x
  %bdim = alloy.block_dim x
  %tid = alloy.thread_id x
  %0 = arith.muli %bid, %bdim : i32
  %1 = arith.addi %0, %tid : i32
  %2 = arith.extui %1 : i32 to i64
  alloy.store %2, %i.addr align 8 : i64, !alloy.ptr
  %i = alloy.load %i.addr align 8 : !alloy.ptr -> i64
  %n = alloy.load %cn.addr align 8 : !alloy.ptr -> i64
  %in = arith.cmpi ult, %i, %n : i64
  cf.cond_br %in, ^body, ^exit
^body:
  %ap = alloy.load %a.addr align 8 : !alloy.ptr -> !alloy.ptr<global>
  %i1 = alloy.load %i.addr align 8 : !alloy.ptr -> i64
  %pa = alloy.ptr_add %ap[%i1] elem f32 : !alloy.ptr<global>
  %va = alloy.load %pa align 4 : !alloy.ptr<global> -> f32
  %bp = alloy.load %b.addr align 8 : !alloy.ptr -> !alloy.ptr<global>
  %i2 = alloy.load %i.addr align 8 : !alloy.ptr -> i64
  %pb = alloy.ptr_add %bp[%i2] elem f32 : !alloy.ptr<global>
  %vb = alloy.load %pb align 4 : !alloy.ptr<global> -> f32
  %sum = arith.addf %va, %vb : f32
  %cp = alloy.load %c.addr align 8 : !alloy.ptr -> !alloy.ptr<global>
  %i3 = alloy.load %i.addr align 8 : !alloy.ptr -> i64
  %pc = alloy.ptr_add %cp[%i3] elem f32 : !alloy.ptr<global>
  alloy.store %sum, %pc align 4 : f32, !alloy.ptr<global>
  cf.br ^exit
^exit:
  alloy.return
}
