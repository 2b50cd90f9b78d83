; ptxas reads a register written by a floating-point instruction as a float:
; a narrower store of it (st.b8 of an add.rn.f32 result) became F2I, a
; conversion, on the H200 (CUDA 13 ptxas), and cvt.u64.u32 of the bits of a
; cvt.rn.f32.u32 result became the integer it was converted from. The guard
; passes such bits through an identity prmt first (a mov is not enough:
; ptxas propagates copies): for unaligned float stores and for the bits of
; a bitcast.
; RUN: opt -load-pass-plugin=%alloy_llvm_passes -passes=alloy-ptxas-fp-bits-guard %s -S | FileCheck %s --check-prefix=IR
; RUN: opt -load-pass-plugin=%alloy_llvm_passes -passes=alloy-ptxas-fp-bits-guard %s \
; RUN:   | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 | FileCheck %s
; ptxas accepts every guard (16, 32 and 64 bits):
; RUN: %if ptxas %{ opt -load-pass-plugin=%alloy_llvm_passes -passes=alloy-ptxas-fp-bits-guard %s \
; RUN:   | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}
target triple = "nvptx64-nvidia-cuda"

; IR-LABEL: @unaligned_float(
; IR: %[[B:.*]] = bitcast float %v to i32
; IR: %[[M:.*]] = call i32 asm "prmt.b32 $0, $1, 0, 0x3210;", "=r,r"(i32 %[[B]])
; IR: store i32 %[[M]], ptr addrspace(1) %p, align 1
; CHECK-LABEL: .func unaligned_float(
; CHECK: add.rn.f32 %r[[V:[0-9]+]],
; CHECK: prmt.b32 %r[[G:[0-9]+]], %r[[V]], 0, 0x3210;
; CHECK: st.global.b8 [%rd{{[0-9]+}}], %r[[G]];
define void @unaligned_float(ptr addrspace(1) %p, float %a) {
  %v = fadd float %a, 2.5e-1
  store float %v, ptr addrspace(1) %p, align 1
  ret void
}

; CHECK-LABEL: .func unaligned_double(
; CHECK: add.rn.f64 %rd[[V:[0-9]+]],
; CHECK: mov.b64 {lo, hi}, %rd[[V]];
; CHECK: prmt.b32 lo, lo, 0, 0x3210; prmt.b32 hi, hi, 0, 0x3210;
; CHECK-SAME: mov.b64 %rd[[G:[0-9]+]], {lo, hi};
; CHECK: st.global.b32 [%rd{{[0-9]+}}], %rd[[G]];
define void @unaligned_double(ptr addrspace(1) %p, double %a) {
  %v = fadd double %a, 2.5e-1
  store double %v, ptr addrspace(1) %p, align 4
  ret void
}

; CHECK-LABEL: .func unaligned_half(
; CHECK: add.rn.f16 %rs[[V:[0-9]+]],
; CHECK: mov.b32 t, {%rs[[V]], %rs[[V]]};
; CHECK-SAME: mov.b32 {%rs[[G:[0-9]+]], u}, t;
; CHECK: st.global.b8 [%rd{{[0-9]+}}], %rs[[G]];
define void @unaligned_half(ptr addrspace(1) %p, half %a) {
  %v = fadd half %a, 0xH3400
  store half %v, ptr addrspace(1) %p, align 1
  ret void
}

; Wider than 64 bits: element by element.
; IR-LABEL: @unaligned_vector(
; IR-COUNT-4: call i32 asm "prmt.b32 $0, $1, 0, 0x3210;"
; IR: store <4 x i32> %{{.*}}, ptr addrspace(1) %p, align 2
define void @unaligned_vector(ptr addrspace(1) %p, <4 x float> %a) {
  %v = fadd <4 x float> %a, %a
  store <4 x float> %v, ptr addrspace(1) %p, align 2
  ret void
}

; The low byte of std::bit_cast<uint32_t>(f).
; CHECK-LABEL: .func low_byte(
; CHECK: add.rn.f32 %r[[V:[0-9]+]],
; CHECK: prmt.b32 %r[[G:[0-9]+]], %r[[V]], 0, 0x3210;
; CHECK: st.global.b8 [%rd{{[0-9]+}}], %r[[G]];
define void @low_byte(ptr addrspace(1) %p, float %a) {
  %v = fadd float %a, 2.5e-1
  %b = bitcast float %v to i32
  %t = trunc i32 %b to i8
  store i8 %t, ptr addrspace(1) %p
  ret void
}

; A packed pair of halves is moved whole.
; CHECK-LABEL: .func half_pair(
; CHECK: add.rn.f16x2 %r[[V:[0-9]+]],
; CHECK: prmt.b32 %r[[G:[0-9]+]], %r[[V]], 0, 0x3210;
; CHECK: st.global.b16 [%rd{{[0-9]+}}], %r[[G]];
define void @half_pair(ptr addrspace(1) %p, <2 x half> %a) {
  %v = fadd <2 x half> %a, %a
  %b = bitcast <2 x half> %v to i32
  %t = trunc i32 %b to i16
  store i16 %t, ptr addrspace(1) %p
  ret void
}

; The bits of float(b), zero-extended: ptxas folded the cvt.u64.u32 of a
; cvt.rn.f32.u32 result into the integer (1, not 0x3f800000).
; CHECK-LABEL: .func (.param .b64 func_retval0) bool_float_bits(
; CHECK: cvt.rn.f32.u32 %r[[F:[0-9]+]],
; CHECK: prmt.b32 %r[[G:[0-9]+]], %r[[F]], 0, 0x3210;
; CHECK: cvt.u64.u32 %rd{{[0-9]+}}, %r[[G]];
define i64 @bool_float_bits(i1 %c) {
  %f = uitofp i1 %c to float
  %b = bitcast float %f to i32
  %w = zext i32 %b to i64
  ret i64 %w
}

; Bits read only by integer operations (libdevice's expf/logf tricks) are
; computed on as bits: no guard.
; IR-LABEL: @bit_tricks(
; IR-NOT: asm
; IR: ret i32
define i32 @bit_tricks(float %a) {
  %v = fadd float %a, 2.5e-1
  %b = bitcast float %v to i32
  %m = and i32 %b, 8388607
  %e = lshr i32 %b, 23
  %r = add i32 %m, %e
  ret i32 %r
}

; Aligned stores and comparisons of the bits are left alone.
; IR-LABEL: @untouched(
; IR-NOT: asm
; IR: ret i1
define i1 @untouched(ptr addrspace(1) %p, float %a) {
  %v = fadd float %a, 2.5e-1
  store float %v, ptr addrspace(1) %p, align 4
  %b = bitcast float %v to i32
  %s = icmp slt i32 %b, 0
  ret i1 %s
}

; Packed halves handed whole to the tensor cores (mma.sync through its
; intrinsic, wgmma through inline PTX) are read as the pair they are: no
; guard, as in nvcc's code.
; IR-LABEL: @tensor_core_operands(
; IR-NOT: prmt
; IR: ret void
define void @tensor_core_operands(ptr addrspace(1) %out, float %a, float %b) {
  %v = insertelement <2 x float> poison, float %a, i32 0
  %w = insertelement <2 x float> %v, float %b, i32 1
  %h = fptrunc <2 x float> %w to <2 x bfloat>
  %r = bitcast <2 x bfloat> %h to i32
  %d = call { float, float, float, float } @llvm.nvvm.mma.m16n8k16.row.col.bf16(i32 %r, i32 %r, i32 %r, i32 %r, i32 %r, i32 %r, float 0.0, float 0.0, float 0.0, float 0.0)
  %e = extractvalue { float, float, float, float } %d, 0
  ; (a stand-in for wgmma's asm, which this file's sm_90 ptxas run rejects)
  %x = call float asm sideeffect "mov.b32 $0, $1; // wgmma.mma_async A", "=f,r"(i32 %r)
  %s = fadd float %e, %x
  store float %s, ptr addrspace(1) %out, align 4
  ret void
}
declare { float, float, float, float } @llvm.nvvm.mma.m16n8k16.row.col.bf16(i32, i32, i32, i32, i32, i32, float, float, float, float)
