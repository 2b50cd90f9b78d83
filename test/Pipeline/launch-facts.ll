; alloy-launch-facts: in a kernel with a launch contract ("nvvm.reqntid"),
; the block shape is a constant and the thread indices have the contract's
; ranges, also where inlined helpers read them.
; RUN: opt -load-pass-plugin=%alloy_llvm_passes -passes=alloy-launch-facts %s -S | FileCheck %s
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: @kernel(
; CHECK-NOT: ntid
; CHECK: %tx = call range(i32 0, 128) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK: %ty = call range(i32 0, 2) i32 @llvm.nvvm.read.ptx.sreg.tid.y()
; CHECK-NOT: tid.z
; CHECK: %a = add i32 128, %tx
; CHECK: %b = add i32 2, %ty
; CHECK: %c = add i32 %b, 0
define ptx_kernel void @kernel(ptr addrspace(1) %out) "nvvm.reqntid"="128,2,1" {
  %nx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %ny = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %tz = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
  %a = add i32 %nx, %tx
  %b = add i32 %ny, %ty
  %c = add i32 %b, %tz
  %s = add i32 %a, %c
  store i32 %s, ptr addrspace(1) %out
  ret void
}

; Without a contract nothing changes.
; CHECK-LABEL: @free(
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
define ptx_kernel void @free(ptr addrspace(1) %out) {
  %nx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  store i32 %nx, ptr addrspace(1) %out
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.z()
