// gpu::fast's approximate functions of halves and pairs (<gpu/half.hpp>)
// and CUDA's names for them (<gpu/cuda_compat.hpp>) become alloy.approx,
// and from it PTX's 16-bit instructions where the target has them
// (ex2.approx.f16[x2], tanh.approx.f16[x2]; bf16 from sm_90), else one
// approximate f32 instruction between two conversions. A build for sm_80
// and sm_90 lowers once, for sm_80: its sm_90 code takes the f32 route too.
// RUN: %alloy_cc1 -fsyntax-only -fplugin-arg-alloy-print-alloy %s > %t.mlir
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// RUN: FileCheck %s --check-prefix=BITS < %t.mlir
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-gpu-arch=sm_90 -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s --check-prefixes=PTX,SM90 < %t/half-math.ptx
// RUN: rm -rf %t80 && %alloy_cc1 -O2 -c %s -o %t80.o -fplugin-arg-alloy-gpu-arch=sm_80 -fplugin-arg-alloy-trace=%t80
// RUN: FileCheck %s --check-prefixes=PTX,SM80 < %t80/half-math.ptx
// RUN: rm -rf %tboth && %alloy_cc1 -O2 -c %s -o %tboth.o -fplugin-arg-alloy-gpu-arch=sm_80,sm_90 -fplugin-arg-alloy-trace=%tboth
// RUN: FileCheck %s --check-prefixes=PTX,SM80 < %tboth/half-math.sm_90.ptx
#include <gpu/gpu.hpp>
#include <gpu/cuda_compat.hpp>
#include <gpu/half.hpp>

// The intrinsic's value travels as its bits.
// BITS-LABEL: func.func private @_ZN3gpu6detail6approxILNS0_9approx_fnE0EDF16_EENS_10basic_halfIT0_EES5_
// BITS: llvm.bitcast %{{.*}} : i16 to f16
// BITS-NEXT: alloy.approx exp2 %{{.*}} : f16
// BITS-NEXT: llvm.bitcast %{{.*}} : f16 to i16
// BITS-LABEL: func.func private @_ZN3gpu6detail6approxILNS0_9approx_fnE1EDF16bEENS_11basic_half2IT0_EES5_
// BITS: llvm.bitcast %{{.*}} : i32 to vector<2xbf16>
// BITS-NEXT: alloy.approx tanh %{{.*}} : vector<2xbf16>
// BITS-NEXT: llvm.bitcast %{{.*}} : vector<2xbf16> to i32

namespace kernels {

// IR-DAG: alloy.approx exp2 %{{.*}} : f16
// IR-DAG: alloy.approx exp2 %{{.*}} : vector<2xf16>
// IR-DAG: alloy.approx tanh %{{.*}} : f16
// IR-DAG: alloy.approx tanh %{{.*}} : vector<2xf16>
// PTX-LABEL: .entry _ZN7kernels4half
// PTX: ex2.approx.f16 %rs
// PTX: ex2.approx.f16x2
// PTX: tanh.approx.f16 %rs
// PTX: tanh.approx.f16x2
[[gpu::kernel, gpu::launch_contract(1, 64)]] void
half(const gpu::half *in, gpu::half *out, const gpu::half2 *pin,
     gpu::half2 *pout) {
  uint32_t i = gpu::thread_idx().x;
  out[2 * i] = gpu::fast::exp2(in[i]);
  pout[2 * i] = gpu::fast::exp2(pin[i]);
  out[2 * i + 1] = gpu::fast::tanh(in[i]);
  pout[2 * i + 1] = gpu::fast::tanh(pin[i]);
}

// IR-DAG: alloy.approx exp2 %{{.*}} : bf16
// IR-DAG: alloy.approx exp2 %{{.*}} : vector<2xbf16>
// IR-DAG: alloy.approx tanh %{{.*}} : bf16
// IR-DAG: alloy.approx tanh %{{.*}} : vector<2xbf16>
// PTX-LABEL: .entry _ZN7kernels8bfloat16E
// SM90: ex2.approx.ftz.bf16 %rs
// SM90: ex2.approx.ftz.bf16x2
// SM90: tanh.approx.bf16 %rs
// SM90: tanh.approx.bf16x2
// SM80-NOT: .bf16x2 %r
// SM80: ex2.approx.f32
// SM80: cvt.rn.bf16.f32
// SM80: ex2.approx.f32
// SM80: ex2.approx.f32
// SM80: cvt.rn.bf16x2.f32
// SM80: tanh.approx.f32
// SM80: cvt.rn.bf16.f32
// SM80: tanh.approx.f32
// SM80: tanh.approx.f32
// SM80: cvt.rn.bf16x2.f32
// SM80-NOT: .bf16x2 %r
// PTX: ret;
[[gpu::kernel, gpu::launch_contract(1, 64)]] void
bfloat16(const gpu::bfloat16 *in, gpu::bfloat16 *out,
         const gpu::bfloat162 *pin, gpu::bfloat162 *pout) {
  uint32_t i = gpu::thread_idx().x;
  out[2 * i] = gpu::fast::exp2(in[i]);
  pout[2 * i] = gpu::fast::exp2(pin[i]);
  out[2 * i + 1] = gpu::fast::tanh(in[i]);
  pout[2 * i + 1] = gpu::fast::tanh(pin[i]);
}

// The functions computed in f32, on every target (f16: the .ftz forms).
// IR-DAG: alloy.approx exp %{{.*}} : f16
// IR-DAG: alloy.approx log %{{.*}} : f16
// IR-DAG: alloy.approx log2 %{{.*}} : f16
// IR-DAG: alloy.approx sqrt %{{.*}} : f16
// IR-DAG: alloy.approx rsqrt %{{.*}} : f16
// IR-DAG: alloy.approx rcp %{{.*}} : f16
// IR-DAG: alloy.approx sin %{{.*}} : f16
// IR-DAG: alloy.approx cos %{{.*}} : vector<2xf16>
// IR-DAG: alloy.approx rsqrt %{{.*}} : vector<2xbf16>
// PTX-LABEL: .entry _ZN7kernels10throughF32E
// PTX: ex2.approx.ftz.f32
// log and log2 share one lg2 (the instructions are free of side effects).
// PTX: lg2.approx.ftz.f32
// PTX-NOT: lg2.approx
// PTX: sqrt.approx.ftz.f32
// PTX: rsqrt.approx.ftz.f32
// PTX: rcp.approx.ftz.f32
// PTX: sin.approx.ftz.f32
// PTX: cos.approx.ftz.f32
// PTX: cos.approx.ftz.f32
// PTX: cvt.rn.f16x2.f32
// PTX: rsqrt.approx.f32
// PTX: rsqrt.approx.f32
// PTX: cvt.rn.bf16x2.f32
[[gpu::kernel, gpu::launch_contract(1, 64)]] void
throughF32(const gpu::half *in, gpu::half *out, const gpu::half2 *pin,
           gpu::half2 *pout, const gpu::bfloat162 *bin,
           gpu::bfloat162 *bout) {
  uint32_t i = gpu::thread_idx().x;
  gpu::half x = in[i];
  out[8 * i] = gpu::fast::exp(x);
  out[8 * i + 1] = gpu::fast::log(x);
  out[8 * i + 2] = gpu::fast::log2(x);
  out[8 * i + 3] = gpu::fast::sqrt(x);
  out[8 * i + 4] = gpu::fast::rsqrt(x);
  out[8 * i + 5] = gpu::fast::rcp(x);
  out[8 * i + 6] = gpu::fast::sin(x);
  pout[i] = gpu::fast::cos(pin[i]);
  bout[i] = gpu::fast::rsqrt(bin[i]);
}

// CUDA's names: htanh_approx and h2sin are the approximations above;
// h2exp2 and htanh CUDA's accurate ones (exp2f, tanhf in float, rounded).
// IR-DAG: math.exp2 %{{.*}} : f32
// IR-DAG: alloy.approx sin %{{.*}} : vector<2xbf16>
// IR-DAG: math.tanh %{{.*}} : f32
// PTX-LABEL: .entry _ZN7kernels4cudaE
// PTX-NOT: ex2.approx.f16
// PTX: tanh.approx.f16 %rs
// PTX: sin.approx.f32
// PTX: sin.approx.f32
// PTX: cvt.rn.bf16x2.f32
[[gpu::kernel, gpu::launch_contract(1, 64)]] void
cuda(const __half *in, __half *out, const __half2 *pin, __half2 *pout,
     const __nv_bfloat162 *bin, __nv_bfloat162 *bout) {
  uint32_t i = gpu::thread_idx().x;
  pout[i] = h2exp2(pin[i]);
  out[2 * i] = htanh_approx(in[i]);
  bout[i] = h2sin(bin[i]);
  out[2 * i + 1] = htanh(in[i]);
}

} // namespace kernels
