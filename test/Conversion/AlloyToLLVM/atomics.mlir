// Atomics and warp operations.
// RUN: alloy-opt %s --convert-alloy-to-llvm | FileCheck %s
// RUN: alloy-opt %s --alloy-to-llvm | mlir-translate --mlir-to-llvmir \
// RUN:   | FileCheck %s --check-prefix=IR
// RUN: alloy-opt %s --alloy-to-llvm | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 | FileCheck %s --check-prefix=PTX
// RUN: alloy-opt %s --alloy-to-llvm | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 | FileCheck %s --check-prefix=PTX

// Relaxed (monotonic) at device scope: CUDA's atom.<op> (.relaxed.gpu).
// NVPTX infers that a kernel's pointer parameters point to global memory.
// CHECK-LABEL: llvm.func @atomics(
// PTX-LABEL: .entry atomics(
alloy.kernel @atomics(%g: !alloy.ptr<global>, %s: !alloy.ptr<shared>,
                      %p: !alloy.ptr, %i: i32, %l: i64, %f: f32, %d: f64) {
  // CHECK: llvm.atomicrmw add %{{.*}}, %{{.*}} syncscope("device") monotonic : !llvm.ptr, i32
  // IR: atomicrmw add ptr %{{.*}}, i32 %{{.*}} syncscope("device") monotonic, align 4
  // PTX: atom{{(.global)?}}.add.u32
  %0 = alloy.atomic_rmw add %p, %i : !alloy.ptr, i32
  // CHECK: llvm.atomicrmw add %{{.*}}, %{{.*}} syncscope("device") monotonic : !llvm.ptr<1>, i64
  // PTX: atom.global.add.u64
  %1 = alloy.atomic_rmw add %g, %l : !alloy.ptr<global>, i64
  // CHECK: llvm.atomicrmw sub {{.*}} : !llvm.ptr<3>, i32
  // PTX: neg.s32
  // PTX: atom.shared.add.u32
  %2 = alloy.atomic_rmw sub %s, %0 : !alloy.ptr<shared>, i32
  // CHECK: llvm.atomicrmw min {{.*}} : !llvm.ptr, i32
  // PTX: atom{{(.global)?}}.min.s32
  %3 = alloy.atomic_rmw smin %p, %2 : !alloy.ptr, i32
  // CHECK: llvm.atomicrmw max {{.*}} : !llvm.ptr, i64
  // PTX: atom{{(.global)?}}.max.s64
  %4 = alloy.atomic_rmw smax %p, %1 : !alloy.ptr, i64
  // CHECK: llvm.atomicrmw umin {{.*}} : !llvm.ptr, i32
  // PTX: atom{{(.global)?}}.min.u32
  %5 = alloy.atomic_rmw umin %p, %3 : !alloy.ptr, i32
  // CHECK: llvm.atomicrmw umax {{.*}} : !llvm.ptr, i64
  // PTX: atom{{(.global)?}}.max.u64
  %6 = alloy.atomic_rmw umax %p, %4 : !alloy.ptr, i64
  // CHECK: llvm.atomicrmw _and {{.*}} : !llvm.ptr, i32
  // PTX: atom{{(.global)?}}.and.b32
  %7 = alloy.atomic_rmw and %p, %5 : !alloy.ptr, i32
  // CHECK: llvm.atomicrmw _or {{.*}} : !llvm.ptr, i64
  // PTX: atom{{(.global)?}}.or.b64
  %8 = alloy.atomic_rmw or %p, %6 : !alloy.ptr, i64
  // CHECK: llvm.atomicrmw _xor {{.*}} : !llvm.ptr, i32
  // PTX: atom{{(.global)?}}.xor.b32
  %9 = alloy.atomic_rmw xor %p, %7 : !alloy.ptr, i32
  // CHECK: llvm.atomicrmw xchg {{.*}} : !llvm.ptr, f32
  // PTX: atom{{(.global)?}}.exch.b32
  %10 = alloy.atomic_rmw exch %p, %f : !alloy.ptr, f32
  // CHECK: llvm.atomicrmw fadd {{.*}} : !llvm.ptr, f32
  // PTX: atom{{(.global)?}}.add.f32
  %11 = alloy.atomic_rmw fadd %p, %10 : !alloy.ptr, f32
  // CHECK: llvm.atomicrmw fadd {{.*}} : !llvm.ptr<1>, f64
  // PTX: atom.global.add.f64
  %12 = alloy.atomic_rmw fadd %g, %d : !alloy.ptr<global>, f64
  // CHECK: llvm.atomicrmw xchg {{.*}} : !llvm.ptr, f64
  // PTX: atom{{(.global)?}}.exch.b64
  %13 = alloy.atomic_rmw exch %p, %12 : !alloy.ptr, f64
  // CHECK: %[[CAS:.*]] = llvm.cmpxchg %{{.*}}, %{{.*}}, %{{.*}} syncscope("device") monotonic monotonic : !llvm.ptr, i32
  // CHECK: llvm.extractvalue %[[CAS]][0] : !llvm.struct<(i32, i1)>
  // IR: cmpxchg ptr %{{.*}}, i32 %{{.*}}, i32 %{{.*}} syncscope("device") monotonic monotonic, align 4
  // PTX: atom.relaxed.gpu{{(.global)?}}.cas.b32
  %14 = alloy.atomic_cas %p, %9, %i : !alloy.ptr, i32
  // CHECK: llvm.cmpxchg {{.*}} syncscope("device") monotonic monotonic : !llvm.ptr<1>, i64
  // PTX: atom.relaxed.gpu.global.cas.b64
  %15 = alloy.atomic_cas %g, %8, %l : !alloy.ptr<global>, i64
  alloy.store %11, %p align 4 : f32, !alloy.ptr
  alloy.store %13, %p align 8 : f64, !alloy.ptr
  alloy.store %14, %p align 4 : i32, !alloy.ptr
  alloy.store %15, %p align 8 : i64, !alloy.ptr
  alloy.return
}

// Width 32: c = 0x1f for idx/down/bfly, 0 for up.
// CHECK-LABEL: llvm.func @shuffles(
// PTX-LABEL: .entry shuffles(
alloy.kernel @shuffles(%out: !alloy.ptr<global>, %i: i32, %f: f32, %m: i32) {
  // CHECK: nvvm.shfl.sync  idx %{{.*}}, %{{.*}}, %{{.*}}, %[[C31:.*]] : i32 -> i32
  // IR: call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 %{{.*}}, i32 %{{.*}}, i32 %{{.*}}, i32 31)
  // PTX: shfl.sync.idx.b32 {{.*}}, 31,
  %0 = alloy.shfl idx %i, %i, %m : i32
  // IR: call i32 @llvm.nvvm.shfl.sync.up.i32(i32 %{{.*}}, i32 %{{.*}}, i32 %{{.*}}, i32 0)
  // PTX: shfl.sync.up.b32 {{.*}}, 0,
  %1 = alloy.shfl up %0, %i, %m : i32
  // IR: call float @llvm.nvvm.shfl.sync.down.f32(i32 %{{.*}}, float %{{.*}}, i32 %{{.*}}, i32 31)
  // PTX: shfl.sync.down.b32 {{.*}}, 31,
  %2 = alloy.shfl down %f, %1, %m : f32
  // IR: call float @llvm.nvvm.shfl.sync.bfly.f32(i32 %{{.*}}, float %{{.*}}, i32 %{{.*}}, i32 31)
  // PTX: shfl.sync.bfly.b32 {{.*}}, 31,
  %3 = alloy.shfl bfly %2, %1, %m : f32
  alloy.store %3, %out align 4 : f32, !alloy.ptr<global>
  alloy.return
}

// 64 bits: the two halves, shuffled with the same lane and mask.
// CHECK-LABEL: llvm.func @shuffles64(
// PTX-LABEL: .entry shuffles64(
alloy.kernel @shuffles64(%out: !alloy.ptr<global>, %out2: !alloy.ptr<global>,
                         %i: i32, %l: i64, %d: f64, %m: i32) {
  // CHECK: %[[LO:.*]] = llvm.trunc %{{.*}} : i64 to i32
  // CHECK: %[[SHR:.*]] = llvm.lshr
  // CHECK: %[[HI:.*]] = llvm.trunc %[[SHR]] : i64 to i32
  // CHECK: nvvm.shfl.sync  down %{{.*}}, %[[LO]], %{{.*}}, %{{.*}} : i32 -> i32
  // CHECK: nvvm.shfl.sync  down %{{.*}}, %[[HI]], %{{.*}}, %{{.*}} : i32 -> i32
  // CHECK: llvm.shl
  // CHECK: llvm.or
  // PTX: shfl.sync.down.b32
  // PTX: shfl.sync.down.b32
  %0 = alloy.shfl down %l, %i, %m : i64
  // CHECK: llvm.bitcast %{{.*}} : f64 to i64
  // CHECK-COUNT-2: nvvm.shfl.sync  bfly
  // CHECK: llvm.bitcast %{{.*}} : i64 to f64
  // PTX: shfl.sync.bfly.b32
  // PTX: shfl.sync.bfly.b32
  %1 = alloy.shfl bfly %d, %i, %m : f64
  alloy.store %0, %out align 8 : i64, !alloy.ptr<global>
  alloy.store %1, %out2 align 8 : f64, !alloy.ptr<global>
  alloy.return
}

// CHECK-LABEL: llvm.func @votes(
// PTX-LABEL: .entry votes(
alloy.kernel @votes(%out: !alloy.ptr<global>, %i: i32, %m: i32) {
  %c0 = arith.constant 0 : i32
  %b = arith.cmpi ne, %i, %c0 : i32
  // CHECK: nvvm.vote.sync  ballot %{{.*}}, %{{.*}} -> i32
  // IR: call i32 @llvm.nvvm.vote.ballot.sync(i32 %{{.*}}, i1 %{{.*}})
  // PTX: vote.sync.ballot.b32
  %0 = alloy.vote ballot %b, %m : i32
  // CHECK: nvvm.vote.sync  all %{{.*}}, %{{.*}} -> i1
  // IR: call i1 @llvm.nvvm.vote.all.sync(i32 %{{.*}}, i1 %{{.*}})
  // PTX: vote.sync.all.pred
  %1 = alloy.vote all %b, %m : i1
  // CHECK: nvvm.vote.sync  any %{{.*}}, %{{.*}} -> i1
  // IR: call i1 @llvm.nvvm.vote.any.sync(i32 %{{.*}}, i1 %{{.*}})
  // PTX: vote.sync.any.pred
  %2 = alloy.vote any %1, %m : i1
  // CHECK: nvvm.bar.warp.sync %{{.*}} : i32
  // IR: call void @llvm.nvvm.bar.warp.sync(i32 %{{.*}})
  // PTX: bar.warp.sync
  alloy.warp_sync %m
  %3 = arith.extui %2 : i1 to i32
  %4 = arith.addi %0, %3 : i32
  alloy.store %4, %out align 4 : i32, !alloy.ptr<global>
  alloy.return
}

// CHECK-LABEL: llvm.func @reductions(
// PTX-LABEL: .entry reductions(
alloy.kernel @reductions(%out: !alloy.ptr<global>, %v: i32, %m: i32) {
  // CHECK: nvvm.redux.sync  add %{{.*}}, %{{.*}} : i32 -> i32
  // IR: call i32 @llvm.nvvm.redux.sync.add(i32 %{{.*}}, i32 %{{.*}})
  // PTX: redux.sync.add.s32
  %0 = alloy.redux add %v, %m
  // CHECK: nvvm.redux.sync  min
  // PTX: redux.sync.min.s32
  %1 = alloy.redux min %0, %m
  // CHECK: nvvm.redux.sync  max
  // PTX: redux.sync.max.s32
  %2 = alloy.redux max %1, %m
  // CHECK: nvvm.redux.sync  umin
  // PTX: redux.sync.min.u32
  %3 = alloy.redux umin %2, %m
  // CHECK: nvvm.redux.sync  umax
  // PTX: redux.sync.max.u32
  %4 = alloy.redux umax %3, %m
  // CHECK: nvvm.redux.sync  and
  // PTX: redux.sync.and.b32
  %5 = alloy.redux and %4, %m
  // CHECK: nvvm.redux.sync  or
  // PTX: redux.sync.or.b32
  %6 = alloy.redux or %5, %m
  // CHECK: nvvm.redux.sync  xor
  // PTX: redux.sync.xor.b32
  %7 = alloy.redux xor %6, %m
  alloy.store %7, %out align 4 : i32, !alloy.ptr<global>
  alloy.return
}

// The warp intrinsics are convergent.
// IR-DAG: declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32) #[[CONV:[0-9]+]]
// IR-DAG: declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1) #[[CONV]]
// IR-DAG: declare i32 @llvm.nvvm.redux.sync.add(i32, i32) #[[CONV]]
// IR-DAG: attributes #[[CONV]] = { convergent
