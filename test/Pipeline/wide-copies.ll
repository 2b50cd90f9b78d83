; alloy-wide-copies: small aligned memcpys become at most four wide loads
; and stores (a 16-byte struct copy: one ld.global.nc.v4 and one
; st.shared.v4, as nvcc emits it).
; RUN: opt -load-pass-plugin=%alloy_llvm_passes -passes=alloy-wide-copies %s -S | FileCheck %s
; RUN: opt -load-pass-plugin=%alloy_llvm_passes -passes=alloy-wide-copies %s \
; RUN:   | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 | FileCheck %s --check-prefix=PTX
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [1024 x float] undef, align 16

; CHECK-LABEL: @float4(
; CHECK: %[[V:.*]] = load <4 x i32>, ptr addrspace(1) %{{.*}}, align 16
; CHECK: store <4 x i32> %[[V]], ptr addrspace(3) %{{.*}}, align 16
; CHECK-NOT: memcpy
; PTX-LABEL: float4(
; PTX: ld.global.nc.v4.b32
; PTX: st.shared.v4.b32
define ptx_kernel void @float4(ptr addrspace(1) noalias readonly %in, i64 %i) {
  %src = getelementptr inbounds <4 x float>, ptr addrspace(1) %in, i64 %i
  %dst = getelementptr inbounds <4 x float>, ptr addrspace(3) @tile, i64 %i
  call void @llvm.memcpy.p3.p1.i64(ptr addrspace(3) align 16 %dst, ptr addrspace(1) align 16 %src, i64 16, i1 false)
  ret void
}

; 8-byte alignment: two 64-bit accesses; 4-byte: four 32-bit ones.
; CHECK-LABEL: @aligned8(
; CHECK-COUNT-2: load i64
; CHECK-COUNT-2: store i64
; CHECK-LABEL: @aligned4(
; CHECK-COUNT-4: load i32
; CHECK-COUNT-4: store i32
define void @aligned8(ptr align 8 %d, ptr align 8 %s) {
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %d, ptr align 8 %s, i64 16, i1 false)
  ret void
}
define void @aligned4(ptr align 4 %d, ptr align 4 %s) {
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %d, ptr align 4 %s, i64 16, i1 false)
  ret void
}

; Large, unaligned, volatile or run-time copies stay memcpy.
; CHECK-LABEL: @untouched(
; CHECK-COUNT-4: call void @llvm.memcpy
define void @untouched(ptr align 16 %d, ptr align 16 %s, ptr align 1 %u, i64 %n) {
  call void @llvm.memcpy.p0.p0.i64(ptr align 16 %d, ptr align 16 %s, i64 256, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr align 1 %u, ptr align 16 %s, i64 16, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr align 16 %d, ptr align 16 %s, i64 16, i1 true)
  call void @llvm.memcpy.p0.p0.i64(ptr align 16 %d, ptr align 16 %s, i64 %n, i1 false)
  ret void
}

declare void @llvm.memcpy.p3.p1.i64(ptr addrspace(3), ptr addrspace(1), i64, i1)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
