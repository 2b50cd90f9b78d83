// Byte ranges and cached accesses to llvm; the cached
// accesses are PTX inline assembly, as in CUDA's headers.
// RUN: alloy-opt %s --convert-alloy-to-llvm | FileCheck %s
// RUN: alloy-opt %s --alloy-to-llvm | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 | FileCheck %s --check-prefix=PTX

// CHECK-LABEL: llvm.func @memory(
// PTX-LABEL: .entry memory(
alloy.kernel @memory(%p: !alloy.ptr<global>, %q: !alloy.ptr, %n: i64, %i: i32,
                     %w: i128, %c: i1) {
  %b = arith.constant 0 : i8
  // CHECK: "llvm.intr.memset"(%{{.*}}, %{{.*}}, %{{.*}}) <{arg_attrs = [{llvm.align = 8 : i64}, {}, {}], isVolatile = false}>
  alloy.memset %p, %b, %n align 8 : !alloy.ptr<global>
  // CHECK: "llvm.intr.memmove"(%{{.*}}, %{{.*}}, %{{.*}}) <{arg_attrs = [{llvm.align = 4 : i64}, {llvm.align = 4 : i64}, {}], isVolatile = false}>
  alloy.memmove %q, %p, %n align 4 : !alloy.ptr, !alloy.ptr<global>
  // CHECK: llvm.inline_asm "ld.global.cs.f32 $0, [$1];", "=f,l"
  // PTX: ld.global.cs.f32
  %0 = alloy.cached_load cs %q : !alloy.ptr -> f32
  // CHECK: llvm.inline_asm "ld.global.nc.v4.u32 {$0, $1, $2, $3}, [$4];", "=r,=r,=r,=r,l"
  // PTX: ld.global.nc.v4.u32
  %1 = alloy.cached_load nc %p : !alloy.ptr<global> -> i128
  // CHECK: llvm.inline_asm has_side_effects "st.global.cs.u32 [$0], $1;", "l,r,~{memory}"
  // PTX: st.global.cs.u32
  alloy.cached_store cs %i, %q : i32, !alloy.ptr
  // CHECK: llvm.inline_asm has_side_effects "st.global.wt.v4.u32 [$0], {$1, $2, $3, $4};", "l,r,r,r,r,~{memory}"
  // PTX: st.global.wt.v4.u32
  alloy.cached_store wt %1, %p : i128, !alloy.ptr<global>
  %f = arith.fptosi %0 : f32 to i32
  alloy.cached_store cs %f, %q : i32, !alloy.ptr
  alloy.return
}

// The alignment promise is an llvm.assume with an "align" bundle (which
// LLVM's alignment inference reads); the pointer passes through.
// CHECK-LABEL: llvm.func @assume_aligned(
// CHECK: %[[TRUE:.*]] = llvm.mlir.constant(true) : i1
// CHECK: %[[ALIGN:.*]] = llvm.mlir.constant(8 : i64) : i64
// CHECK: llvm.intr.assume %[[TRUE]] ["align"(%[[P:.*]], %[[ALIGN]] : !llvm.ptr<1>, i64)] : i1
// CHECK: llvm.intr.assume %{{.*}} ["align"(%{{.*}}, %{{.*}}, %{{.*}} : !llvm.ptr, i64, i64)] : i1
// PTX-LABEL: .entry assume_aligned(
alloy.kernel @assume_aligned(%p: !alloy.ptr<global>, %q: !alloy.ptr,
                             %o: i64, %out: !alloy.ptr<global>) {
  %c1 = arith.constant 1 : i64
  %a = alloy.assume_aligned %p, 8 : !alloy.ptr<global>
  %x = alloy.load %a align 4 : !alloy.ptr<global> -> f32
  %a1 = alloy.ptr_add %a[%c1] elem f32 : !alloy.ptr<global>
  %y = alloy.load %a1 align 4 : !alloy.ptr<global> -> f32
  %b = alloy.assume_aligned %q, 16 offset %o : !alloy.ptr
  %z = alloy.load %b align 4 : !alloy.ptr -> f32
  %s = arith.addf %x, %y : f32
  %t = arith.addf %s, %z : f32
  alloy.store %t, %out align 4 : f32, !alloy.ptr<global>
  alloy.return
}
