// Loop annotations on the back edges survive the pipeline into LLVM IR,
// also when a continue makes the latch a pass-through block; unreachable
// blocks (after a return) are erased first, nothing else moves.
// RUN: alloy-opt %s --alloy-erase-unreachable-blocks | FileCheck %s --check-prefix=ERASE
// RUN: alloy-opt %s --alloy-erase-unreachable-blocks --alloy-to-llvm \
// RUN:   | mlir-translate --mlir-to-llvmir | FileCheck %s

#unroll = #llvm.loop_unroll<full = true>
#la = #llvm.loop_annotation<unroll = #unroll>

// ERASE-LABEL: alloy.kernel @loop
// ERASE-COUNT-3: {loop_annotation = #loop_annotation}
// ERASE-NOT: llvm.intr.trap
// CHECK-LABEL: define ptx_kernel void @loop
// CHECK-COUNT-2: br label %{{[0-9]+}}, !llvm.loop ![[LOOP:[0-9]+]]
// CHECK: ![[LOOP]] = distinct !{![[LOOP]], ![[FULL:[0-9]+]]}
// CHECK: ![[FULL]] = !{!"llvm.loop.unroll.full"}
alloy.kernel @loop(%p: !alloy.ptr<global>, %n: i32, %c: i1) {
  %c0 = arith.constant 0 : i32
  cf.br ^cond(%c0 : i32)
^cond(%i: i32):
  %more = arith.cmpi slt, %i, %n : i32
  cf.cond_br %more, ^body, ^exit
^body:
  alloy.store %i, %p align 4 : i32, !alloy.ptr<global>
  cf.cond_br %c, ^continue, ^end
^continue:
  cf.br ^step {loop_annotation = #la}
^end:
  alloy.store %n, %p align 4 : i32, !alloy.ptr<global>
  cf.br ^step {loop_annotation = #la}
^step:
  %c1 = arith.constant 1 : i32
  %next = arith.addi %i, %c1 : i32
  cf.br ^cond(%next : i32) {loop_annotation = #la}
^exit:
  alloy.return
^dead:
  llvm.intr.trap
  alloy.return
}
