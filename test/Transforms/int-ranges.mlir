// The GPU registers' value ranges reach upstream's integer range analysis
// (InferIntRangeInterface): a launch contract pins the block shape, the
// thread index is below it, a lane below 32.
// RUN: alloy-opt %s --int-range-optimizations | FileCheck %s

// CHECK-LABEL: alloy.kernel @contract
// CHECK-DAG: %[[TRUE:.*]] = arith.constant true
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : i32
// CHECK: alloy.store %[[C256]], {{.*}} : i32, !alloy.ptr
// CHECK: alloy.store %[[TRUE]], {{.*}} : i1, !alloy.ptr
// CHECK: alloy.store %[[TRUE]], {{.*}} : i1, !alloy.ptr
alloy.kernel @contract(%p: !alloy.ptr<global>) attributes {contract_block = array<i32: 256, 1, 1>, contract_domain = 1 : i32, qualified_name = "contract"} {
  %g = alloy.addrspace_cast %p : !alloy.ptr<global> to !alloy.ptr
  %n = alloy.block_dim x
  alloy.store %n, %g align 4 : i32, !alloy.ptr
  %t = alloy.thread_id x
  %c256 = arith.constant 256 : i32
  %in = arith.cmpi ult, %t, %c256 : i32
  alloy.store %in, %g align 1 : i1, !alloy.ptr
  %lane = alloy.lane_id
  %c32 = arith.constant 32 : i32
  %l = arith.cmpi ult, %lane, %c32 : i32
  alloy.store %l, %g align 1 : i1, !alloy.ptr
  alloy.return
}

// Without a contract only the hardware's limits hold.
// CHECK-LABEL: func.func @free
// CHECK: %[[TRUE:.*]] = arith.constant true
// CHECK: %[[N:.*]] = alloy.block_dim x
// CHECK: %[[SMALL:.*]] = arith.cmpi ult, %[[N]]
// CHECK: return %[[SMALL]], %[[TRUE]]
func.func @free() -> (i1, i1) {
  %n = alloy.block_dim x
  %c256 = arith.constant 256 : i32
  %small = arith.cmpi ult, %n, %c256 : i32
  %t = alloy.thread_id z
  %c64 = arith.constant 64 : i32
  %in = arith.cmpi ult, %t, %c64 : i32
  return %small, %in : i1, i1
}
