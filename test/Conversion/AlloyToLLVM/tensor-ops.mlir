// mma.sync, ldmatrix, stmatrix and cp.async to upstream nvvm ops; packed
// halves as llvm vector arithmetic; asm to llvm.inline_asm. Then through
// LLVM's NVPTX backend to PTX.
// RUN: alloy-opt %s --convert-alloy-to-llvm | FileCheck %s
// RUN: alloy-opt %s --alloy-to-llvm | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 -mattr=+ptx80 | FileCheck %s --check-prefix=PTX

// CHECK-LABEL: llvm.func @tensor(
// PTX-LABEL: .entry tensor(
alloy.kernel @tensor(%s: !alloy.ptr<shared>, %g: !alloy.ptr<global>,
                     %o: !alloy.ptr<global>, %w: i32, %f: f32) {
  // CHECK: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>}
  // PTX: ldmatrix.sync.aligned.m8n8.x4.shared.b16
  %a:4 = alloy.ldmatrix %s : !alloy.ptr<shared> -> i32, i32, i32, i32
  // CHECK: nvvm.ldmatrix %{{.*}} {{.*}}layout = #nvvm.mma_layout<col>, num = 2 : i32
  // PTX: ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16
  %b:2 = alloy.ldmatrix %s trans : !alloy.ptr<shared> -> i32, i32
  // CHECK: llvm.bitcast %{{.*}} : i32 to vector<2xf16>
  // CHECK: nvvm.mma.sync A[{{.*}}] B[{{.*}}] C[{{.*}}] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>
  // PTX: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
  %d:4 = alloy.mma_sync m16n8k16 f16 a[%a#0, %a#1, %a#2, %a#3] b[%b#0, %b#1]
      c[%f, %f, %f, %f] : f32, f32, f32, f32 -> f32, f32, f32, f32
  // PTX: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
  %e:4 = alloy.mma_sync m16n8k16 bf16 a[%a#0, %a#1, %a#2, %a#3] b[%b#0, %b#1]
      c[%d#0, %d#1, %d#2, %d#3] : f32, f32, f32, f32 -> f32, f32, f32, f32
  // PTX: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
  %t:4 = alloy.mma_sync m16n8k8 tf32 a[%a#0, %a#1, %a#2, %a#3] b[%b#0, %b#1]
      c[%e#0, %e#1, %e#2, %e#3] : f32, f32, f32, f32 -> f32, f32, f32, f32
  // PTX: mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
  %i:4 = alloy.mma_sync m16n8k32 s8 a[%a#0, %a#1, %a#2, %a#3] b[%b#0, %b#1]
      c[%w, %w, %w, %w] : i32, i32, i32, i32 -> i32, i32, i32, i32
  // PTX: mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16
  %h:2 = alloy.mma_sync m16n8k16 f16 a[%a#0, %a#1, %a#2, %a#3] b[%b#0, %b#1]
      c[%w, %w] : i32, i32 -> i32, i32
  // CHECK: nvvm.stmatrix
  // PTX: stmatrix.sync.aligned.m8n8.x2.shared.b16
  alloy.stmatrix %s, %h#0, %h#1 : !alloy.ptr<shared>, i32, i32
  // CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = {{ *}}cg
  // PTX: cp.async.cg.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 16;
  alloy.cp_async %s, %g {bytes = 16 : i32, cache_global}
      : !alloy.ptr<shared>, !alloy.ptr<global>
  // PTX: cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 4, %r{{[0-9]+}};
  alloy.cp_async %s, %g, %w {bytes = 4 : i32}
      : !alloy.ptr<shared>, !alloy.ptr<global>
  // CHECK: nvvm.cp.async.commit.group
  // PTX: cp.async.commit_group;
  alloy.cp_async_commit
  // CHECK: nvvm.cp.async.wait.group 1
  // PTX: cp.async.wait_group {{\s*}}1;
  alloy.cp_async_wait 1
  // CHECK: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (vector<2xf16>, vector<2xf16>, vector<2xf16>) -> vector<2xf16>
  // PTX: fma.rn.f16x2
  %x = llvm.bitcast %h#0 : i32 to vector<2xf16>
  %y = math.fma %x, %x, %x : vector<2xf16>
  %z = llvm.bitcast %y : vector<2xf16> to i32
  // Pair min/max as PTX's own instruction: LLVM's O3 would split
  // llvm.minnum.v2f16 into two scalar min.f16.
  // CHECK: llvm.inline_asm "max.f16x2 $0, $1, $2;", "=r,r,r"
  // PTX: max.f16x2
  %m = arith.maxnumf %x, %y : vector<2xf16>
  // CHECK: llvm.inline_asm "min.bf16x2 $0, $1, $2;", "=r,r,r"
  // PTX: min.bf16x2
  %xb = llvm.bitcast %h#1 : i32 to vector<2xbf16>
  %yb = llvm.bitcast %h#0 : i32 to vector<2xbf16>
  %mb = arith.minnumf %xb, %yb : vector<2xbf16>
  %mbw = llvm.bitcast %mb : vector<2xbf16> to i32
  %mw = llvm.bitcast %m : vector<2xf16> to i32
  %mx = arith.xori %mw, %mbw : i32
  alloy.store %mx, %o align 4 : i32, !alloy.ptr<global>
  // CHECK: llvm.inline_asm has_side_effects "add.s32 $0, $1, $2;", "=r,r,r"
  // PTX: add.s32
  %q = alloy.inline_asm "add.s32 $0, $1, $2;" "=r,r,r" %z, %i#0 {side_effects}
      : (i32, i32) -> i32
  // bf16 to f32 is its bits shifted left (no cvt.ftz.f32.bf16 under
  // flush-to-zero).
  // CHECK: llvm.zext %{{.*}} : i16 to i32
  // CHECK: llvm.shl
  // CHECK: llvm.bitcast %{{.*}} : i32 to f32
  %tb = arith.truncf %t#1 : f32 to bf16
  %eb = arith.extf %tb : bf16 to f32
  // A pair of halves adds atomically in one instruction.
  // CHECK: llvm.inline_asm has_side_effects "atom.add.noftz.f16x2 $0, [$1], $2;", "=r,l,r,~{memory}"
  // PTX: atom.add.noftz.f16x2
  %old = alloy.atomic_rmw fadd %g, %x : !alloy.ptr<global>, vector<2xf16>
  %oldw = llvm.bitcast %old : vector<2xf16> to i32
  alloy.store %oldw, %o align 4 : i32, !alloy.ptr<global>
  // A single half: LLVM's atomicrmw (atom.add.noftz.f16, sm_70 and newer).
  // CHECK: llvm.atomicrmw fadd %{{.*}}, %{{.*}} syncscope("device") monotonic : !llvm.ptr<1>, f16
  // PTX: atom.global.add.noftz.f16
  %lo = vector.extract %x[0] : f16 from vector<2xf16>
  %olds = alloy.atomic_rmw fadd %g, %lo : !alloy.ptr<global>, f16
  %oldsw = llvm.bitcast %olds : f16 to i16
  alloy.store %oldsw, %o align 2 : i16, !alloy.ptr<global>
  %sum0 = arith.addf %t#0, %t#3 : f32
  %sum = arith.addf %sum0, %eb : f32
  %ii = arith.addi %q, %i#1 : i32
  %fi = arith.sitofp %ii : i32 to f32
  %all = arith.addf %sum, %fi : f32
  alloy.store %all, %o align 4 : f32, !alloy.ptr<global>
  alloy.return
}
