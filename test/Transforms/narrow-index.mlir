// alloy-narrow-index: the registers' ranges (from the launch contract or
// the hardware's limits) decide comparisons and let 64-bit index arithmetic
// run in 32 bits.
// RUN: alloy-opt %s --alloy-narrow-index | FileCheck %s

// A 16x16 contract: y * 16 + x < 256 fits in 32 bits, so the multiply-add
// is done there and extended once.
// CHECK-LABEL: alloy.kernel @tile
// CHECK: %[[Y:.*]] = alloy.thread_id y
// CHECK: %[[ROW:.*]] = arith.muli %[[Y]], %{{.*}} : i32
// CHECK: %[[X:.*]] = alloy.thread_id x
// CHECK: %[[I:.*]] = arith.addi %[[ROW]], %[[X]] : i32
// CHECK: %[[WIDE:.*]] = arith.extui %[[I]] : i32 to i64
// CHECK: alloy.ptr_add %{{.*}}[%[[WIDE]]] elem f32
// CHECK-NOT: arith.muli {{.*}} : i64
alloy.kernel @tile(%p: !alloy.ptr<global>) attributes {contract_block = array<i32: 16, 16, 1>, contract_domain = 2 : i32, qualified_name = "tile"} {
  %g = alloy.addrspace_cast %p : !alloy.ptr<global> to !alloy.ptr
  %ty = alloy.thread_id y
  %y = arith.extui %ty : i32 to i64
  %c16 = arith.constant 16 : i64
  %row = arith.muli %y, %c16 : i64
  %tx = alloy.thread_id x
  %x = arith.extui %tx : i32 to i64
  %i = arith.addi %row, %x : i64
  %q = alloy.ptr_add %g[%i] elem f32 : !alloy.ptr
  %one = arith.constant 1.0 : f32
  alloy.store %one, %q align 4 : f32, !alloy.ptr
  alloy.return
}

// The global index block * 256 + thread may reach 2^39: it stays 64-bit.
// The contract makes the block size a constant and decides the test.
// CHECK-LABEL: alloy.kernel @global_index
// CHECK-DAG: %[[TRUE:.*]] = arith.constant true
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : i64
// CHECK: %[[B:.*]] = alloy.block_id x
// CHECK: %[[BW:.*]] = arith.extui %[[B]] : i32 to i64
// CHECK: arith.muli %[[BW]], %[[C256]] : i64
// CHECK: arith.addi {{.*}} : i64
// CHECK: alloy.store %[[TRUE]]
alloy.kernel @global_index(%p: !alloy.ptr<global>) attributes {contract_block = array<i32: 256, 1, 1>, contract_domain = 1 : i32, qualified_name = "global_index"} {
  %g = alloy.addrspace_cast %p : !alloy.ptr<global> to !alloy.ptr
  %b = alloy.block_id x
  %bw = arith.extui %b : i32 to i64
  %n = alloy.block_dim x
  %nw = arith.extui %n : i32 to i64
  %base = arith.muli %bw, %nw : i64
  %t = alloy.thread_id x
  %tw = arith.extui %t : i32 to i64
  %i = arith.addi %base, %tw : i64
  %q = alloy.ptr_add %g[%i] elem f32 : !alloy.ptr
  %one = arith.constant 1.0 : f32
  alloy.store %one, %q align 4 : f32, !alloy.ptr
  %c256 = arith.constant 256 : i32
  %inside = arith.cmpi ult, %t, %c256 : i32
  alloy.store %inside, %g align 1 : i1, !alloy.ptr
  alloy.return
}

// Without a contract the hardware's limit (1024 threads) still makes
// thread * 4 + lane 32-bit; a loaded value is not bounded.
// CHECK-LABEL: func.func @free
// CHECK: arith.muli {{.*}} : i32
// CHECK: arith.addi {{.*}} : i32
// CHECK: %[[L:.*]] = alloy.load
// CHECK: arith.muli %[[L]], {{.*}} : i64
func.func @free(%p: !alloy.ptr) -> (i64, i64) {
  %t = alloy.thread_id x
  %tw = arith.extui %t : i32 to i64
  %c4 = arith.constant 4 : i64
  %m = arith.muli %tw, %c4 : i64
  %l = alloy.lane_id
  %lw = arith.extui %l : i32 to i64
  %s = arith.addi %m, %lw : i64
  %v = alloy.load %p align 8 : !alloy.ptr -> i64
  %w = arith.muli %v, %c4 : i64
  return %s, %w : i64, i64
}

// Pointers have no integer range: slots and calls that pass them are left
// as they are. (Upstream's int-range-optimizations made `arith.constant 0 :
// !alloy.ptr` of a pointer slot in std::sort's helpers; the C++ test
// CodeGen/cxx-library.cpp compiles them through this pass.)
// CHECK-LABEL: func.func private @callee
// CHECK: %[[SLOT:.*]] = alloy.alloca !alloy.ptr
// CHECK: alloy.store %arg0, %[[SLOT]]
// CHECK: alloy.load %[[SLOT]]
func.func private @callee(%arg0: !alloy.ptr) -> !alloy.ptr {
  %slot = alloy.alloca !alloy.ptr, align 8
  alloy.store %arg0, %slot align 8 : !alloy.ptr, !alloy.ptr
  %v = alloy.load %slot align 8 : !alloy.ptr -> !alloy.ptr
  return %v : !alloy.ptr
}
func.func @caller(%p: !alloy.ptr) -> !alloy.ptr {
  %r = func.call @callee(%p) : (!alloy.ptr) -> !alloy.ptr
  return %r : !alloy.ptr
}

// A zero-extended 32-bit value fits in 32 bits only as an unsigned one: a
// signed comparison of it becomes the unsigned one (upstream's narrowing
// kept `sgt`, so `8 < (int64_t)x` was false for x >= 2^31; found by
// test/fuzz on the GPU). A signed-extended value keeps the predicate.
// CHECK-LABEL: func.func @compare_unsigned_fit
// CHECK: %[[C:.*]] = arith.cmpi ugt, %arg0, %{{.*}} : i32
// CHECK: %[[D:.*]] = arith.cmpi sgt, %arg1, %{{.*}} : i32
// CHECK: %[[E:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : i64
// CHECK: return %[[C]], %[[D]], %[[E]]
func.func @compare_unsigned_fit(%x: i32, %y: i32) -> (i1, i1, i1) {
  %c8 = arith.constant 8 : i64
  %xw = arith.extui %x : i32 to i64
  %gt = arith.cmpi slt, %c8, %xw : i64
  %yw = arith.extsi %y : i32 to i64
  %gt2 = arith.cmpi slt, %c8, %yw : i64
  // One side fits only as signed, the other only as unsigned: stays wide.
  %mixed = arith.cmpi slt, %yw, %xw : i64
  return %gt, %gt2, %mixed : i1, i1, i1
}

// Signed division, remainder and maximum of values that fit only as
// unsigned ones stay 64-bit; unsigned ones narrow. Additions need only
// their result to fit, and lose `nsw` when 32 bits could wrap.
// CHECK-LABEL: func.func @signedness
// CHECK: arith.divsi {{.*}} : i64
// CHECK: arith.maxsi {{.*}} : i64
// CHECK: arith.divui {{.*}} : i32
// CHECK: arith.shrsi {{.*}} : i64
// CHECK: arith.shrui {{.*}} : i32
// CHECK: %[[S:.*]] = arith.addi %{{.*}}, %{{.*}} overflow<nuw> : i32
// CHECK: arith.extui %[[S]] : i32 to i64
func.func @signedness(%x: i32, %y: i32, %z: i64) -> (i64, i64, i64, i64, i64, i64) {
  %xw = arith.extui %x : i32 to i64
  %c3 = arith.constant 3 : i64
  %d = arith.divsi %xw, %c3 : i64
  %m = arith.maxsi %xw, %c3 : i64
  %u = arith.divui %xw, %c3 : i64
  // A shift amount that may be 32 or more stays 64-bit.
  %mask = arith.constant 63 : i64
  %amount = arith.andi %z, %mask : i64
  %sh = arith.shrsi %xw, %amount : i64
  %small = arith.constant 5 : i64
  %sh2 = arith.shrui %xw, %small : i64
  %c2 = arith.constant 2 : i64
  %h = arith.divui %xw, %c2 : i64
  %s = arith.addi %h, %h overflow<nsw, nuw> : i64
  return %d, %m, %u, %sh, %sh2, %s : i64, i64, i64, i64, i64, i64
}

// A loop whose latch is reached through a branch that passes a float
// constant (`c ? 0.0f : x` after mem2reg): the loop runs 4 times, so its
// test is not decided. Without constant propagation in the solver the
// branch's target stayed dead, the counter looked constant 0 and the test
// was folded to true: an endless loop (llvm-project issue 119045).
// CHECK-LABEL: func.func @float_constant_edge
// CHECK: %[[LT:.*]] = arith.cmpi slt
// CHECK: cf.cond_br %[[LT]]
// CHECK-NOT: cf.cond_br %true
func.func @float_constant_edge(%p: !alloy.ptr, %c: i1, %y: f32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %zero = arith.constant 0.0 : f32
  cf.br ^header(%c0 : i32)
^header(%i: i32):
  %lt = arith.cmpi slt, %i, %c4 : i32
  cf.cond_br %lt, ^body, ^exit
^body:
  cf.cond_br %c, ^constant, ^value
^constant:
  cf.br ^join(%zero : f32)
^value:
  cf.br ^join(%zero : f32)
^join(%x: f32):
  alloy.store %x, %p align 4 : f32, !alloy.ptr
  %next = arith.addi %i, %c1 : i32
  cf.br ^header(%next : i32)
^exit:
  return
}
