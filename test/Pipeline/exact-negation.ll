; PTX's neg.f32/neg.f64 leave a NaN's result unspecified and the GPU gives
; its canonical (positive) NaN, so `std::signbit(-x)` of a NaN was false.
; The pass makes a negation whose bits are observed an integer xor of the
; sign bit; arithmetic uses keep the fneg (ptxas folds it into them).
; RUN: opt -load-pass-plugin=%alloy_llvm_passes -passes=alloy-exact-negation %s -S | FileCheck %s --check-prefix=IR
; RUN: opt -load-pass-plugin=%alloy_llvm_passes -passes=alloy-exact-negation %s \
; RUN:   | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 | FileCheck %s
; Without the pass, the backend makes neg.f32 (what the pass is for):
; RUN: llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 < %s | FileCheck %s --check-prefix=PLAIN
target triple = "nvptx64-nvidia-cuda"

; IR-LABEL: @stored(
; IR: %[[B:.*]] = bitcast float %x to i32
; IR: %[[X:.*]] = xor i32 %[[B]], -2147483648
; IR: %[[N:.*]] = bitcast i32 %[[X]] to float
; IR: store float %[[N]]
; CHECK-LABEL: stored(
; CHECK: xor.b32 {{.*}}, -2147483648;
; CHECK-NOT: neg.f32
; PLAIN-LABEL: stored(
; PLAIN: neg.f32
define void @stored(ptr %p, float %x) {
  %n = fneg float %x
  store float %n, ptr %p
  ret void
}

; std::signbit(-x) on a double: the sign bit of the bits.
; CHECK-LABEL: signbit(
; CHECK-NOT: neg.f64
; CHECK: ret;
define i1 @signbit(double %x) {
  %n = fneg double %x
  %b = bitcast double %n to i64
  %s = icmp slt i64 %b, 0
  ret i1 %s
}

; Halves, as pairs too.
; IR-LABEL: @halves(
; IR: xor <2 x i16> %{{.*}}, splat (i16 -32768)
; CHECK-LABEL: halves(
; CHECK-NOT: neg.f16x2
; CHECK: xor.b32 {{.*}}, -2147450880;
define <2 x half> @halves(<2 x half> %x) {
  %n = fneg <2 x half> %x
  ret <2 x half> %n
}

; Only arithmetic reads it: the fneg stays.
; IR-LABEL: @arithmetic(
; IR: fneg float %x
; IR-NOT: xor
; IR: ret
define float @arithmetic(float %x, float %y) {
  %n = fneg float %x
  %m = fmul float %n, %y
  %f = call float @llvm.fma.f32(float %n, float %y, float %m)
  ret float %f
}

; Both: the store gets the xor, the multiply the fneg.
; IR-LABEL: @mixed(
; IR-DAG: %[[N:.*]] = fneg float %x
; IR-DAG: fmul float %[[N]], %y
; IR-DAG: %[[E:.*]] = bitcast i32 %{{.*}} to float
; IR-DAG: store float %[[E]]
define float @mixed(ptr %p, float %x, float %y) {
  %n = fneg float %x
  store float %n, ptr %p
  %m = fmul float %n, %y
  ret float %m
}

declare float @llvm.fma.f32(float, float, float)
