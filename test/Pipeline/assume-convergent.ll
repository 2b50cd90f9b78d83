; Every defined device function and asm call becomes convergent (as clang
; makes them for CUDA), so that O3 does not thread `if (t == 0)` through a
; call of a function that reaches a barrier: that gave two bar.sync reached
; by divergent lanes of one warp, and the block hung on the H200.
; RUN: opt -load-pass-plugin=%alloy_llvm_passes -passes=alloy-assume-convergent %s -S | FileCheck %s --check-prefix=IR
; RUN: opt -load-pass-plugin=%alloy_llvm_passes -passes='alloy-assume-convergent,default<O3>' %s \
; RUN:   | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 | FileCheck %s
; Without the pass, O3 duplicates the barrier into both branches:
; RUN: opt -passes='default<O3>' %s | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 \
; RUN:   | FileCheck %s --check-prefix=THREADED
target triple = "nvptx64-nvidia-cuda"

@flag = internal addrspace(3) global i32 undef, align 4

; IR: define internal void @sync() #[[CONV:[0-9]+]]
define internal void @sync() {
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; IR-LABEL: define ptx_kernel void @kernel(
; IR: call i32 asm sideeffect "mov.u32 $0, %laneid;", "=r"() #[[CONV]]
; CHECK-LABEL: .entry kernel(
; CHECK-COUNT-2: bar.sync
; CHECK-NOT: bar.sync
; CHECK: ret;
; THREADED-LABEL: .entry kernel(
; THREADED-COUNT-3: bar.sync
define ptx_kernel void @kernel(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %first = icmp eq i32 %t, 0
  br i1 %first, label %init, label %join

init:
  store i32 0, ptr addrspace(3) @flag, align 4
  br label %join

join:
  call void @sync()
  %lane = call i32 asm sideeffect "mov.u32 $0, %laneid;", "=r"()
  %old = atomicrmw add ptr addrspace(3) @flag, i32 %lane monotonic, align 4
  call void @sync()
  %again = icmp eq i32 %t, 0
  br i1 %again, label %write, label %done

write:
  %v = load i32, ptr addrspace(3) @flag, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  br label %done

done:
  ret void
}

; mma.sync is readnone in LLVM but warp-wide: its calls become convergent.
; IR-LABEL: define ptx_kernel void @mma(
; IR: call { float, float, float, float } @llvm.nvvm.mma.m16n8k16.row.col.f32.f16({{.*}}) #[[CONV]]
define ptx_kernel void @mma(ptr addrspace(1) %out, <2 x half> %a, <2 x half> %b) {
  %d = call { float, float, float, float } @llvm.nvvm.mma.m16n8k16.row.col.f32.f16(<2 x half> %a, <2 x half> %a, <2 x half> %a, <2 x half> %a, <2 x half> %b, <2 x half> %b, float 0.0, float 0.0, float 0.0, float 0.0)
  %x = extractvalue { float, float, float, float } %d, 0
  store float %x, ptr addrspace(1) %out, align 4
  ret void
}

declare { float, float, float, float } @llvm.nvvm.mma.m16n8k16.row.col.f32.f16(<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, float, float, float, float)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

; IR: attributes #[[CONV]] = { convergent }
