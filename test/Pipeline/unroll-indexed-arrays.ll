; alloy-unroll-indexed-arrays: a loop of known, small trip count that
; indexes a thread's private array or a __constant__ table with its induction
; variable is marked for full unrolling; other loops, and loops with the
; user's own unroll pragma, are left alone.
; RUN: opt -load-pass-plugin=%alloy_llvm_passes -passes='loop(alloy-unroll-indexed-arrays)' %s -S | FileCheck %s
target datalayout = "e-p3:32:32-p4:32:32-p5:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: @tile(
; CHECK: br i1 %{{.*}}, label %loop, label %exit, !llvm.loop ![[FULL:[0-9]+]]
define void @tile(ptr addrspace(1) %out, float %x) {
entry:
  %acc = alloca [8 x float], align 4
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %p = getelementptr inbounds [8 x float], ptr %acc, i64 0, i64 %i
  %v = load float, ptr %p, align 4
  %s = fadd float %v, %x
  store float %s, ptr %p, align 4
  %next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %next, 8
  br i1 %more, label %loop, label %exit
exit:
  %first = load float, ptr %acc, align 4
  store float %first, ptr addrspace(1) %out, align 4
  ret void
}

; A loop over global memory only: not marked.
; CHECK-LABEL: @global_only(
; CHECK: br i1 %{{.*}}, label %loop, label %exit{{$}}
define void @global_only(ptr addrspace(1) %out, float %x) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %p = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i
  store float %x, ptr addrspace(1) %p, align 4
  %next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %next, 8
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; An unknown trip count: not marked.
; CHECK-LABEL: @unknown_trips(
; CHECK: br i1 %{{.*}}, label %loop, label %exit{{$}}
define void @unknown_trips(ptr addrspace(1) %out, float %x, i64 %n) {
entry:
  %acc = alloca [8 x float], align 4
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %j = and i64 %i, 7
  %p = getelementptr inbounds [8 x float], ptr %acc, i64 0, i64 %j
  store float %x, ptr %p, align 4
  %next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  %first = load float, ptr %acc, align 4
  store float %first, ptr addrspace(1) %out, align 4
  ret void
}

; The user's `#pragma nounroll` wins.
; CHECK-LABEL: @nounroll(
; CHECK: br i1 %{{.*}}, label %loop, label %exit, !llvm.loop ![[NO:[0-9]+]]
define void @nounroll(ptr addrspace(1) %out, float %x) {
entry:
  %acc = alloca [8 x float], align 4
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %p = getelementptr inbounds [8 x float], ptr %acc, i64 0, i64 %i
  store float %x, ptr %p, align 4
  %next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %next, 8
  br i1 %more, label %loop, label %exit, !llvm.loop !0
exit:
  %first = load float, ptr %acc, align 4
  store float %first, ptr addrspace(1) %out, align 4
  ret void
}

; A walk over a __constant__ table (addrspace 4), indexed by the induction
; variable, as quasirandomGenerator's Sobol loop: marked.
@table = internal addrspace(4) global [31 x i32] zeroinitializer, align 4

; CHECK-LABEL: @constant_table(
; CHECK: br i1 %{{.*}}, label %loop, label %exit, !llvm.loop ![[TABLE:[0-9]+]]
define void @constant_table(ptr addrspace(1) %out, i32 %seed) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %bits = phi i32 [ %seed, %entry ], [ %shifted, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %p = getelementptr inbounds [31 x i32], ptr addrspacecast (ptr addrspace(4) @table to ptr), i64 0, i64 %i
  %v = load i32, ptr %p, align 4
  %low = and i32 %bits, 1
  %odd = icmp ne i32 %low, 0
  %x = xor i32 %acc, %v
  %acc.next = select i1 %odd, i32 %x, i32 %acc
  %shifted = lshr i32 %bits, 1
  %next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %next, 31
  br i1 %more, label %loop, label %exit
exit:
  store i32 %acc.next, ptr addrspace(1) %out, align 4
  ret void
}

; A table in global memory (not __constant__): not marked.
@global_table = internal addrspace(1) global [31 x i32] zeroinitializer, align 4

; CHECK-LABEL: @global_memory_table(
; CHECK: br i1 %{{.*}}, label %loop, label %exit{{$}}
define void @global_memory_table(ptr addrspace(1) %out) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %p = getelementptr inbounds [31 x i32], ptr addrspace(1) @global_table, i64 0, i64 %i
  %v = load i32, ptr addrspace(1) %p, align 4
  %acc.next = xor i32 %acc, %v
  %next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %next, 31
  br i1 %more, label %loop, label %exit
exit:
  store i32 %acc.next, ptr addrspace(1) %out, align 4
  ret void
}

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.unroll.disable"}

; CHECK-DAG: ![[FULL]] = distinct !{![[FULL]], ![[FULLMD:[0-9]+]]}
; CHECK-DAG: ![[FULLMD]] = !{!"llvm.loop.unroll.full"{{.*}}}
; CHECK-DAG: ![[NO]] = distinct !{![[NO]], ![[NOMD:[0-9]+]]}
; CHECK-DAG: ![[NOMD]] = !{!"llvm.loop.unroll.disable"}
; CHECK-DAG: ![[TABLE]] = distinct !{![[TABLE]], ![[FULLMD]]}
