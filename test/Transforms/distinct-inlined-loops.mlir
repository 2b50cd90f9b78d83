// alloy-distinct-inlined-loops: a helper's annotated loop inlined at two
// calls keeps one annotation per copy (LLVM needs one loop ID per loop);
// both latch branches of one copy keep the same annotation.
// RUN: alloy-opt %s --alloy-inline --alloy-distinct-inlined-loops | FileCheck %s
// RUN: alloy-opt %s --alloy-inline | FileCheck %s --check-prefix=SHARED

#start = loc("helper.hpp":3:5)
#end = loc("helper.hpp":6:5)
#start_range = loc(fused<"loop">[#start])
#end_range = loc(fused<"loop">[#end])
#unroll = #llvm.loop_unroll<full = true>
#loop = #llvm.loop_annotation<unroll = #unroll, startLoc = #start_range, endLoc = #end_range>

func.func private @fill(%p: !alloy.ptr, %n: i32) attributes {llvm.always_inline} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  cf.br ^head(%c0 : i32)
^head(%i: i32):
  %more = arith.cmpi slt, %i, %n : i32
  cf.cond_br %more, ^body, ^exit
^body:
  %w = arith.extsi %i : i32 to i64
  %q = alloy.ptr_add %p[%w] elem f32 : !alloy.ptr
  alloy.store %zero, %q align 4 : f32, !alloy.ptr
  %even = arith.cmpi eq, %i, %c0 : i32
  %next = arith.addi %i, %c1 : i32
  cf.cond_br %even, ^latch1, ^latch2
^latch1:
  cf.br ^head(%next : i32) {loop_annotation = #loop}
^latch2:
  cf.br ^head(%next : i32) {loop_annotation = #loop}
^exit:
  return
}

// CHECK-DAG: #[[FIRST:loop_annotation[0-9]*]] = #llvm.loop_annotation<unroll = {{.*}}, startLoc = {{.*}}, endLoc = {{.*}}>
// CHECK-DAG: #[[SECOND:loop_annotation[0-9]*]] = #llvm.loop_annotation<unroll = {{.*}}, startLoc = {{.*}}, endLoc = {{.*}}>
// CHECK-LABEL: alloy.kernel @k
// CHECK: cf.br ^{{.*}} {loop_annotation = #[[FIRST]]}
// CHECK: cf.br ^{{.*}} {loop_annotation = #[[FIRST]]}
// CHECK: cf.br ^{{.*}} {loop_annotation = #[[SECOND]]}
// CHECK: cf.br ^{{.*}} {loop_annotation = #[[SECOND]]}
// Without the pass, the four branches share one annotation.
// SHARED-LABEL: alloy.kernel @k
// SHARED-COUNT-4: {loop_annotation = #loop_annotation}
alloy.kernel @k(%a: !alloy.ptr<global>, %b: !alloy.ptr<global>, %n: i32) {
  %pa = alloy.addrspace_cast %a : !alloy.ptr<global> to !alloy.ptr
  %pb = alloy.addrspace_cast %b : !alloy.ptr<global> to !alloy.ptr
  func.call @fill(%pa, %n) : (!alloy.ptr, i32) -> () loc("user.cpp":10:3)
  func.call @fill(%pb, %n) : (!alloy.ptr, i32) -> () loc("user.cpp":11:3)
  alloy.return
}
