; Two bf16 (or f16) whose bits are or-ed into one word become the bits of a
; <2 x bfloat>: PTX moves the pair into one register (or converts two floats
; with one cvt.rn.bf16x2.f32), where the integer form needs two zero
; extensions, a shift, an or and alloy-ptxas-fp-bits-guard's prmt per half.
; RUN: opt -load-pass-plugin=%alloy_llvm_passes -passes=alloy-pack-halves %s -S | FileCheck %s --check-prefix=IR
; RUN: opt -load-pass-plugin=%alloy_llvm_passes -passes='alloy-pack-halves,alloy-ptxas-fp-bits-guard' %s \
; RUN:   | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 | FileCheck %s
target triple = "nvptx64-nvidia-cuda"

; IR-LABEL: @pack_bf16(
; IR: %[[P0:.*]] = insertelement <2 x bfloat> poison, bfloat %lo, i64 0
; IR: %[[P1:.*]] = insertelement <2 x bfloat> %[[P0]], bfloat %hi, i64 1
; IR: bitcast <2 x bfloat> %[[P1]] to i32
; CHECK-LABEL: pack_bf16(
; CHECK: cvt.rn.bf16x2.f32
; CHECK-NOT: prmt
; CHECK-NOT: shl
; CHECK: st.global.b32
define void @pack_bf16(float %a, float %b, ptr addrspace(1) %out) {
  %lo = fptrunc float %a to bfloat
  %hi = fptrunc float %b to bfloat
  %lb = bitcast bfloat %lo to i16
  %hb = bitcast bfloat %hi to i16
  %lw = zext i16 %lb to i32
  %hw = zext i16 %hb to i32
  %hs = shl i32 %hw, 16
  %w = or disjoint i32 %hs, %lw
  store i32 %w, ptr addrspace(1) %out, align 4
  ret void
}

; Halves of different types, or a shift that is not 16: left alone.
; IR-LABEL: @mixed(
; IR: or i32
; IR-NOT: insertelement
define i32 @mixed(half %lo, bfloat %hi) {
  %lb = bitcast half %lo to i16
  %hb = bitcast bfloat %hi to i16
  %lw = zext i16 %lb to i32
  %hw = zext i16 %hb to i32
  %hs = shl i32 %hw, 16
  %w = or i32 %lw, %hs
  ret i32 %w
}
