; alloy-hoist-anticipated-loads: copies of one load that every path from
; a block reaches become one load at the end of that block; copies whose
; GEPs differ only in `inbounds` count as one address. Not hoisted: when a
; path leaves without loading, stores or calls on the way, or a loop.
; RUN: opt -load-pass-plugin=%alloy_llvm_passes -passes='function(alloy-hoist-anticipated-loads)' %s -S | FileCheck %s
target datalayout = "e-p3:32:32-p4:32:32-p5:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; stencil2d's shape: the border arm has two predecessors.
; CHECK-LABEL: @border(
; CHECK: entry:
; CHECK: %[[P:.*]] = getelementptr float, ptr %in, i64 %i
; CHECK-NEXT: %[[V:.*]] = load float, ptr %[[P]], align 4
; CHECK-NEXT: br i1 %first
; CHECK: edge:
; CHECK-NOT: load
; CHECK: store float %[[V]]
; CHECK: inner:
; CHECK-NOT: load float, ptr %{{.*}}, align 4{{$}}
; CHECK: fmul float %[[V]], 5.000000e-01
define void @border(ptr %in, ptr %out, i64 %i, i1 %first, i1 %last) {
entry:
  br i1 %first, label %edge, label %test
test:
  br i1 %last, label %edge, label %inner
edge:
  %pe = getelementptr inbounds float, ptr %in, i64 %i
  %ve = load float, ptr %pe, align 4
  store float %ve, ptr %out, align 4
  ret void
inner:
  %pi = getelementptr float, ptr %in, i64 %i
  %vi = load float, ptr %pi, align 4
  %half = fmul float %vi, 5.000000e-01
  %pn = getelementptr i8, ptr %pi, i64 4
  %vn = load float, ptr %pn, align 4
  %sum = fadd float %half, %vn
  store float %sum, ptr %out, align 4
  ret void
}

; One path returns without loading: not hoisted.
; CHECK-LABEL: @one_path_leaves(
; CHECK: entry:
; CHECK-NOT: load
; CHECK: br i1
define void @one_path_leaves(ptr %in, ptr %out, i1 %a, i1 %b) {
entry:
  br i1 %a, label %left, label %mid
mid:
  br i1 %b, label %right, label %done
left:
  %x = load float, ptr %in, align 4
  store float %x, ptr %out, align 4
  ret void
right:
  %y = load float, ptr %in, align 4
  store float %y, ptr %out, align 4
  ret void
done:
  ret void
}

; A store before one copy (it may write what the load reads): not hoisted.
; CHECK-LABEL: @store_on_the_way(
; CHECK: entry:
; CHECK-NOT: load
; CHECK: br i1
define void @store_on_the_way(ptr %in, ptr %out, i1 %a) {
entry:
  br i1 %a, label %left, label %right
left:
  %x = load float, ptr %in, align 4
  store float %x, ptr %out, align 4
  ret void
right:
  store float 0.0, ptr %out, align 4
  %y = load float, ptr %in, align 4
  store float %y, ptr %out, align 4
  ret void
}

declare void @barrier() convergent

; A call before one copy (a barrier, say): not hoisted.
; CHECK-LABEL: @call_on_the_way(
; CHECK: entry:
; CHECK-NOT: load
; CHECK: br i1
define void @call_on_the_way(ptr %in, ptr %out, i1 %a) {
entry:
  br i1 %a, label %left, label %right
left:
  %x = load float, ptr %in, align 4
  store float %x, ptr %out, align 4
  ret void
right:
  call void @barrier()
  %y = load float, ptr %in, align 4
  store float %y, ptr %out, align 4
  ret void
}

; A loop on one path that may never reach its copy: not hoisted.
; CHECK-LABEL: @loop_on_the_way(
; CHECK: entry:
; CHECK-NOT: load
; CHECK: br i1
define void @loop_on_the_way(ptr %in, ptr %out, i1 %a, i64 %n) {
entry:
  br i1 %a, label %left, label %loop
left:
  %x = load float, ptr %in, align 4
  store float %x, ptr %out, align 4
  ret void
loop:
  %k = phi i64 [ 0, %entry ], [ %k1, %loop ]
  %k1 = add i64 %k, 1
  %more = icmp ult i64 %k1, %n
  br i1 %more, label %loop, label %after
after:
  %y = load float, ptr %in, align 4
  store float %y, ptr %out, align 4
  ret void
}

; The fuzzer's tu9.f355 (seed 1): one arm loads, xors and stores back; the
; join loads again. Every path reaches a copy, but the join's copy follows
; the store on one path: it keeps its load, and with one copy left nothing
; is hoisted (hoisting both gave the join the value from before the store).
; CHECK-LABEL: @copy_after_store(
; CHECK: entry:
; CHECK-NOT: load
; CHECK: br i1 %a
; CHECK: update:
; CHECK-NEXT: %x = load i32, ptr %p, align 4
; CHECK: join:
; CHECK-NEXT: %y = load i32, ptr %p, align 4
; CHECK-NEXT: ret i32 %y
define i32 @copy_after_store(ptr %p, i1 %a, i32 %k) {
entry:
  br i1 %a, label %update, label %join
update:
  %x = load i32, ptr %p, align 4
  %z = xor i32 %x, %k
  store i32 %z, ptr %p, align 4
  br label %join
join:
  %y = load i32, ptr %p, align 4
  ret i32 %y
}

; Copies in both arms merge even when a later copy, past a store, does not.
; CHECK-LABEL: @two_clean_one_dirty(
; CHECK: entry:
; CHECK-NEXT: %[[V:.*]] = load i32, ptr %p, align 4
; CHECK-NEXT: br i1 %a
; CHECK: left:
; CHECK-NEXT: store i32 %[[V]], ptr %out
; CHECK: right:
; CHECK-NEXT: %[[W:.*]] = add i32 %[[V]], 1
; CHECK: join:
; CHECK-NEXT: %y = load i32, ptr %p, align 4
define i32 @two_clean_one_dirty(ptr %p, ptr %out, i1 %a) {
entry:
  br i1 %a, label %left, label %right
left:
  %x = load i32, ptr %p, align 4
  store i32 %x, ptr %out, align 4
  br label %join
right:
  %r = load i32, ptr %p, align 4
  %w = add i32 %r, 1
  br label %join
join:
  %y = load i32, ptr %p, align 4
  ret i32 %y
}
