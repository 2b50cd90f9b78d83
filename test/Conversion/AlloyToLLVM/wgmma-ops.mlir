// Warpgroup MMA to PTX inline asm for sm_90a: the accumulator threads
// through fence, mma_async and the releasing wait as tied "=f" operands;
// every asm is volatile and clobbers memory; the mma's asm names its
// source location for alloy-check-wgmma; the function asks for PTX ISA
// 8.0. For any target but sm_90a alone: an error naming the targets.
// RUN: alloy-opt %s --convert-alloy-to-llvm="sm=90 arch-specific=1" | FileCheck %s
// RUN: not alloy-opt %s --convert-alloy-to-llvm="sm=90 targets=sm_90" 2>&1 | FileCheck %s --check-prefix=SM90

// CHECK-LABEL: llvm.func {{.*}}@wgmma(
// CHECK-SAME: passthrough = {{\[}}["alloy-ptx-isa", "80"]]
func.func @wgmma(%a: i64, %b: i64, %s: i1, %c0: f32, %c1: f32, %c2: f32,
                 %c3: f32) -> f32 {
  // CHECK: llvm.inline_asm has_side_effects "wgmma.fence.sync.aligned;", "=f,=f,=f,=f,0,1,2,3,~{memory}"
  %f:4 = alloy.wgmma_fence acc[%c0, %c1, %c2, %c3] : f32, f32, f32, f32 -> f32, f32, f32, f32
  // CHECK: llvm.zext %{{.*}} : i1 to i32
  // CHECK: llvm.inline_asm has_side_effects "{\0A.reg .pred p;\0Asetp.ne.b32 p, $6, 0;\0Awgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {$0, $1, $2, $3}, $4, $5, p, 1, 1, 0, 0;\0A}\0A// alloy-wgmma {{.*}}wgmma-ops.mlir:{{[0-9]+}}:{{[0-9]+}}", "=f,=f,=f,=f,l,l,r,0,1,2,3,~{memory}"
  %d:4 = alloy.wgmma_mma_async n = 8 bf16 %a, %b, %s acc[%f#0, %f#1, %f#2, %f#3] : f32, f32, f32, f32 -> f32, f32, f32, f32
  // (The first op fails: the fence.)
  // SM90: 'alloy.wgmma_fence' op (wgmma) needs the arch-specific target sm_90a (--gpu-arch=sm_90a, and no other architecture in the build); the build targets sm_90
  // tf32 and fp8 take no transpose flags.
  // CHECK: wgmma.mma_async.sync.aligned.m64n8k8.f32.tf32.tf32 {$0, $1, $2, $3}, $4, $5, p, 1, 1;
  %t:4 = alloy.wgmma_mma_async n = 8 tf32 %a, %b, %s acc[%d#0, %d#1, %d#2, %d#3] : f32, f32, f32, f32 -> f32, f32, f32, f32
  // CHECK: wgmma.mma_async.sync.aligned.m64n8k32.f32.e5m2.e5m2
  %e:4 = alloy.wgmma_mma_async n = 8 e5m2 %a, %b, %s acc[%t#0, %t#1, %t#2, %t#3] : f32, f32, f32, f32 -> f32, f32, f32, f32
  // CHECK: llvm.inline_asm has_side_effects "wgmma.commit_group.sync.aligned;", "~{memory}"
  alloy.wgmma_commit
  // CHECK: llvm.inline_asm has_side_effects "wgmma.wait_group.sync.aligned 1;", "~{memory}"
  alloy.wgmma_wait 1
  // CHECK: llvm.inline_asm has_side_effects "wgmma.wait_group.sync.aligned 0;", "=f,=f,=f,=f,0,1,2,3,~{memory}"
  %w:4 = alloy.wgmma_wait 0 acc[%e#0, %e#1, %e#2, %e#3] : f32, f32, f32, f32 -> f32, f32, f32, f32
  return %w#0 : f32
}
