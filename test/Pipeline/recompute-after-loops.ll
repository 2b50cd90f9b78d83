; alloy-recompute-after-loops: a phi after a loop whose incoming values are
; one cheap operation, one of them computed before the loop (GVN's PRE
; leaves this when the loop and its epilogue compute the same row index),
; becomes that operation after the phis; operations on a phi of the same
; block use that phi (itself recomputed first). Left alone: phis not after
; a loop, a loop header's phis, operations that differ, division, and two
; operands that both vary.
; RUN: opt -load-pass-plugin=%alloy_llvm_passes -passes='function(alloy-recompute-after-loops)' %s -S | FileCheck %s
target datalayout = "e-p3:32:32-p4:32:32-p5:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; matmul_forward's shape: `8 * tid | 1` on both paths into the epilogue.
; CHECK-LABEL: @epilogue(
; CHECK: skip:
; CHECK-NEXT: br label %epilogue
; CHECK: epilogue:
; CHECK-NEXT: %acc.out = phi float
; CHECK-NEXT: %row = shl nuw nsw i32 %tid, 3
; CHECK-NEXT: %row1 = or disjoint i32 %row, 1
; CHECK-NEXT: store float %acc.out
; CHECK-NEXT: %idx = zext nneg i32 %row1 to i64
define void @epilogue(ptr %out, ptr %in, i32 %tid, i32 %n) {
entry:
  %run = icmp sgt i32 %n, 0
  br i1 %run, label %pre, label %skip
pre:
  %r = shl nuw nsw i32 %tid, 3
  %r1 = or disjoint i32 %r, 1
  %off = zext nneg i32 %r1 to i64
  br label %loop
loop:
  %i = phi i32 [ 0, %pre ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %pre ], [ %sum, %loop ]
  %p = getelementptr float, ptr %in, i64 %off
  %v = load float, ptr %p, align 4
  %sum = fadd float %acc, %v
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %epilogue
skip:
  %s = shl nuw nsw i32 %tid, 3
  %s1 = or disjoint i32 %s, 1
  br label %epilogue
epilogue:
  %acc.out = phi float [ %sum, %loop ], [ 0.0, %skip ]
  %row = phi i32 [ %r, %loop ], [ %s, %skip ]
  %row1 = phi i32 [ %r1, %loop ], [ %s1, %skip ]
  store float %acc.out, ptr %out, align 4
  %idx = zext nneg i32 %row1 to i64
  %q = getelementptr float, ptr %out, i64 %idx
  store float 1.0, ptr %q, align 4
  ret void
}

; Flags are those that every copy has.
; CHECK-LABEL: @flags(
; CHECK: join:
; CHECK-NEXT: %x = add i32 %a, 7
define void @flags(ptr %out, i32 %a, i32 %n) {
entry:
  %run = icmp sgt i32 %n, 0
  br i1 %run, label %pre, label %skip
pre:
  %p = add nsw i32 %a, 7
  br label %loop
loop:
  %i = phi i32 [ 0, %pre ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %join
skip:
  %s = add nuw i32 %a, 7
  br label %join
join:
  %x = phi i32 [ %p, %loop ], [ %s, %skip ]
  store i32 %x, ptr %out, align 4
  ret void
}

; No loop between the copies and the phi.
; CHECK-LABEL: @no_loop(
; CHECK: join:
; CHECK-NEXT: %x = phi i32 [ %p, %left ], [ %s, %right ]
define void @no_loop(ptr %out, i32 %a, i1 %c) {
entry:
  br i1 %c, label %left, label %right
left:
  %p = shl i32 %a, 3
  br label %join
right:
  %s = shl i32 %a, 3
  br label %join
join:
  %x = phi i32 [ %p, %left ], [ %s, %right ]
  store i32 %x, ptr %out, align 4
  ret void
}

; Different operations, a division, and two varying operands stay phis.
; CHECK-LABEL: @kept(
; CHECK: join:
; CHECK-NEXT: %x = phi i32 [ %p, %loop ], [ %s, %skip ]
; CHECK-NEXT: %y = phi i32 [ %pd, %loop ], [ %sd, %skip ]
; CHECK-NEXT: %z = phi i32 [ %pz, %loop ], [ %sz, %skip ]
; CHECK-NEXT: %b.phi = phi i32
; CHECK-NEXT: %a.phi = phi i32
define void @kept(ptr %out, i32 %a, i32 %b, i32 %n) {
entry:
  %run = icmp sgt i32 %n, 0
  br i1 %run, label %pre, label %skip
pre:
  %p = shl i32 %a, 3
  %pd = udiv i32 %a, 3
  %pz = add i32 %a, %b
  br label %loop
loop:
  %i = phi i32 [ 0, %pre ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %join
skip:
  %s = mul i32 %a, 8
  %sd = udiv i32 %a, 3
  %b2 = add i32 %b, 1
  %a2 = add i32 %a, 1
  %sz = add i32 %a2, %b2
  br label %join
join:
  %x = phi i32 [ %p, %loop ], [ %s, %skip ]
  %y = phi i32 [ %pd, %loop ], [ %sd, %skip ]
  %z = phi i32 [ %pz, %loop ], [ %sz, %skip ]
  %b.phi = phi i32 [ %b, %loop ], [ %b2, %skip ]
  %a.phi = phi i32 [ %a, %loop ], [ %a2, %skip ]
  store i32 %x, ptr %out, align 4
  store i32 %y, ptr %out, align 4
  store i32 %z, ptr %out, align 4
  store i32 %a.phi, ptr %out, align 4
  store i32 %b.phi, ptr %out, align 4
  ret void
}

; A loop header's phis stay: recomputing there would run in every trip.
; CHECK-LABEL: @header(
; CHECK: loop:
; CHECK-NEXT: %x = phi i32 [ %p, %entry ], [ %q, %loop ]
define void @header(ptr %out, i32 %a, i32 %n) {
entry:
  %p = shl i32 %a, 3
  br label %loop
loop:
  %x = phi i32 [ %p, %entry ], [ %q, %loop ]
  %b = phi i32 [ %a, %entry ], [ %b.next, %loop ]
  store i32 %x, ptr %out, align 4
  %b.next = add i32 %b, 1
  %q = shl i32 %b.next, 3
  %more = icmp slt i32 %b.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}
