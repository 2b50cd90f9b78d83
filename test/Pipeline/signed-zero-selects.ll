; `x < 0.0 ? x : 0.0` is +0.0 for x = -0.0, but LLVM's instruction selection
; makes PTX min.f64 of it, which orders -0 below +0 and gives -0.0 (seen on
; the H200 through std::min(0.0, x) by test/fuzz). The pass freezes the
; condition of such selects, which keeps them a compare and a select; a
; non-zero constant operand, `nsz`, or a tie that gives min's -0.0 or max's
; +0.0 anyway leaves min/max in place.
; RUN: opt -load-pass-plugin=%alloy_llvm_passes -passes=alloy-signed-zero-selects %s -S | FileCheck %s --check-prefix=IR
; RUN: opt -load-pass-plugin=%alloy_llvm_passes -passes=alloy-signed-zero-selects %s \
; RUN:   | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 | FileCheck %s
; Without the pass, the backend makes min.f64 (what the pass is for):
; RUN: llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 < %s | FileCheck %s --check-prefix=UNGUARDED
target triple = "nvptx64-nvidia-cuda"

; IR-LABEL: @min_zero(
; IR: %[[C:.*]] = fcmp olt double %x, 0.000000e+00
; IR: %[[F:.*]] = freeze i1 %[[C]]
; IR: select i1 %[[F]], double %x, double 0.000000e+00
; CHECK-LABEL: .func (.param .b64 func_retval0) min_zero(
; CHECK: setp.lt.f64
; CHECK: selp.f64
; CHECK-NOT: min.f64
; UNGUARDED-LABEL: min_zero(
; UNGUARDED: min.f64
define double @min_zero(double %x) {
  %c = fcmp olt double %x, 0.000000e+00
  %s = select i1 %c, double %x, double 0.000000e+00
  ret double %s
}

; The ReLU `x > 0 ? x : 0` returns +0.0 on a tie, as PTX's max does: kept.
; IR-LABEL: @relu(
; IR-NOT: freeze
; CHECK-LABEL: relu(
; CHECK: max.f32
define float @relu(float %x) {
  %c = fcmp ogt float %x, 0.000000e+00
  %s = select i1 %c, float %x, float 0.000000e+00
  ret float %s
}

; `0 > x ? 0 : x` is a max whose tie gives x, which may be -0.0: guarded.
; IR-LABEL: @max_tie_x(
; IR: freeze i1
; CHECK-LABEL: max_tie_x(
; CHECK-NOT: max.f32
; CHECK: selp.f32
; UNGUARDED-LABEL: max_tie_x(
; UNGUARDED: max.f32
define float @max_tie_x(float %x) {
  %c = fcmp olt float %x, 0.000000e+00
  %s = select i1 %c, float 0.000000e+00, float %x
  ret float %s
}

; A clamp to 1.0 cannot tie on a zero: max.f32 stays.
; IR-LABEL: @max_one(
; IR-NOT: freeze
; CHECK-LABEL: max_one(
; CHECK: max.f32
define float @max_one(float %x) {
  %c = fcmp ogt float %x, 1.000000e+00
  %s = select i1 %c, float %x, float 1.000000e+00
  ret float %s
}

; `nsz` says the sign of a zero does not matter (fast-math).
; IR-LABEL: @min_nsz(
; IR-NOT: freeze
; CHECK-LABEL: min_nsz(
; CHECK: min.f32
define float @min_nsz(float %x) {
  %c = fcmp olt float %x, 0.000000e+00
  %s = select nsz i1 %c, float %x, float 0.000000e+00
  ret float %s
}

; Not a min/max: untouched.
; IR-LABEL: @not_minmax(
; IR-NOT: freeze
define float @not_minmax(float %x, float %y, float %z) {
  %c = fcmp olt float %x, %y
  %s = select i1 %c, float %z, float %y
  ret float %s
}
