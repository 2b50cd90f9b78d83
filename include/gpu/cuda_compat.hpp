// CUDA's math and memory intrinsics under their CUDA names, for porting
// CUDA code: rsqrtf, __expf, __fdividef, __saturatef, __ldg, __ldcs,
// __stcs, __popc, __float_as_int ... Each is an inline function in the
// global namespace that calls Alloy's own (<gpu/math.hpp>,
// <gpu/memory.hpp>, <bit>); new code should call those. Include it
// explicitly: <gpu/gpu.hpp> does not, so that these names stay out of
// programs that do not ask for them.
//
// The accuracy is CUDA's (libdevice): rsqrtf 2 ulp, __expf 2 + 1.173|x|
// ulp, __fdividef 2 ulp within [2^-126, 2^126] ... (docs/cxx-in-kernels.md
// has the table). sincosf, exp10f and the C99 functions come from <cmath>.
//
// Half precision (cuda_fp16.h, cuda_bf16.h): __half, __half2,
// __nv_bfloat16, __nv_bfloat162 (and the typedefs half, half2,
// nv_bfloat16, nv_bfloat162) are gpu::half, gpu::half2, gpu::bfloat16,
// gpu::bfloat162 (<gpu/half.hpp>), with CUDA's operators. The intrinsics
// below exist for both element types with CUDA's names: conversions
// (__float2half, __floats2half2_rn, __half22float2, __low2float, ...),
// reinterpretation (__half_as_ushort, ...), arithmetic (__hadd, __hfma,
// __hadd2, __hfma2, __hmax2, __hmin_nan, ...), comparisons (__heq, __hltu,
// __heq2, __hbeq2, __heq2_mask, ...), __hisnan, __hisinf and the CUDART_*
// constants. float2 and make_float2 come with CUDA's other vector types
// (<gpu/cuda/vector_types.hpp>).
// Not provided: directed-rounding conversions (__float2half_rz/rd/ru,
// __half2int_rn/rd/ru, ...), most integer conversions (only __int2half_rn,
// __half2int_rz and their bfloat16 twins), _sat and _relu variants
// (__hadd_sat, __hfma_relu, ...), __h*2_rn pair variants, the half math
// functions beyond hexp2, htanh, htanh_approx, hexp, hlog, hlog2, hsqrt,
// hrsqrt, hrcp, hsin, hcos and their h2 pairs (hexp10, hlog10, hrint,
// hfloor, ...: compute in float), complex __hcmadd, __half_raw/__half2_raw, half atomics (atomicAdd(__half2 *)),
// and the __shfl*_sync overloads (use gpu::warp::shfl, which moves half2).
#ifndef GPU_CUDA_COMPAT_HPP
#define GPU_CUDA_COMPAT_HPP

#include <gpu/cuda/atomics.hpp>
#include <gpu/cuda/builtins.hpp>
#include <gpu/cuda/keywords.hpp>
#include <gpu/cuda/vector_types.hpp>
#include <gpu/half.hpp>
#include <gpu/math.hpp>
#include <gpu/memory.hpp>
#include <gpu/wmma.hpp>

#include <bit>
#include <climits>
#include <cmath>
#include <cstdint>
// What cuda_runtime.h brings into a CUDA file without asking: the C
// library's math, memory, string and time functions and NULL.
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// The CUDA runtime API level that this porting layer and `alloy port`
// model: code that tests CUDART_VERSION takes current CUDA's path.
#ifndef CUDART_VERSION
#define CUDART_VERSION 12000
#endif

// --- Math functions ---------------------------------------------------------
inline float rsqrtf(float x) noexcept { return gpu::rsqrt(x); }
inline double rsqrt(double x) noexcept { return gpu::rsqrt(x); }
inline float rcbrtf(float x) noexcept { return gpu::rcbrt(x); }
inline double rcbrt(double x) noexcept { return gpu::rcbrt(x); }
inline float sinpif(float x) noexcept { return gpu::sinpi(x); }
inline double sinpi(double x) noexcept { return gpu::sinpi(x); }
inline float cospif(float x) noexcept { return gpu::cospi(x); }
inline double cospi(double x) noexcept { return gpu::cospi(x); }
inline float erfinvf(float x) noexcept { return gpu::erfinv(x); }
inline double erfinv(double x) noexcept { return gpu::erfinv(x); }
inline float normcdff(float x) noexcept { return gpu::normcdf(x); }
inline double normcdf(double x) noexcept { return gpu::normcdf(x); }
inline float fdividef(float x, float y) noexcept {
  return gpu::fast::divide(x, y);
}

// --- Intrinsics: fast approximations --------------------------------------
inline float __expf(float x) noexcept { return gpu::fast::exp(x); }
inline float __exp10f(float x) noexcept { return gpu::fast::exp10(x); }
inline float __logf(float x) noexcept { return gpu::fast::log(x); }
inline float __log2f(float x) noexcept { return gpu::fast::log2(x); }
inline float __log10f(float x) noexcept { return gpu::fast::log10(x); }
inline float __sinf(float x) noexcept { return gpu::fast::sin(x); }
inline float __cosf(float x) noexcept { return gpu::fast::cos(x); }
inline float __tanf(float x) noexcept { return gpu::fast::tan(x); }
inline float __tanhf(float x) noexcept { return gpu::fast::tanh(x); }
inline float __powf(float x, float y) noexcept { return gpu::fast::pow(x, y); }
inline void __sincosf(float x, float *s, float *c) noexcept {
  gpu::fast::sincos(x, s, c);
}
inline float __fdividef(float x, float y) noexcept {
  return gpu::fast::divide(x, y);
}
inline float __saturatef(float x) noexcept { return gpu::saturate(x); }

// --- Intrinsics: rounding modes ---------------------------------------------
inline float __fadd_rn(float x, float y) noexcept {
  return gpu::detail::fadd_rn(x, y);
}
inline float __fadd_rz(float x, float y) noexcept {
  return gpu::detail::fadd_rz(x, y);
}
inline float __fadd_ru(float x, float y) noexcept {
  return gpu::detail::fadd_ru(x, y);
}
inline float __fadd_rd(float x, float y) noexcept {
  return gpu::detail::fadd_rd(x, y);
}
inline float __fsub_rn(float x, float y) noexcept {
  return gpu::detail::fsub_rn(x, y);
}
inline float __fmul_rn(float x, float y) noexcept {
  return gpu::detail::fmul_rn(x, y);
}
inline float __fmul_rz(float x, float y) noexcept {
  return gpu::detail::fmul_rz(x, y);
}
inline float __fmul_ru(float x, float y) noexcept {
  return gpu::detail::fmul_ru(x, y);
}
inline float __fmul_rd(float x, float y) noexcept {
  return gpu::detail::fmul_rd(x, y);
}
inline float __fmaf_rn(float x, float y, float z) noexcept {
  return gpu::detail::fmaf_rn(x, y, z);
}
inline float __fmaf_rz(float x, float y, float z) noexcept {
  return gpu::detail::fmaf_rz(x, y, z);
}
inline float __fmaf_ru(float x, float y, float z) noexcept {
  return gpu::detail::fmaf_ru(x, y, z);
}
inline float __fmaf_rd(float x, float y, float z) noexcept {
  return gpu::detail::fmaf_rd(x, y, z);
}
inline float __fdiv_rn(float x, float y) noexcept {
  return gpu::detail::fdiv_rn(x, y);
}
inline float __fdiv_rz(float x, float y) noexcept {
  return gpu::detail::fdiv_rz(x, y);
}
inline float __fdiv_ru(float x, float y) noexcept {
  return gpu::detail::fdiv_ru(x, y);
}
inline float __fdiv_rd(float x, float y) noexcept {
  return gpu::detail::fdiv_rd(x, y);
}
inline float __frcp_rn(float x) noexcept {
  return gpu::detail::frcp_rn(x);
}
inline float __fsqrt_rn(float x) noexcept {
  return gpu::detail::fsqrt_rn(x);
}
inline float __frsqrt_rn(float x) noexcept {
  return gpu::detail::frsqrt_rn(x);
}
inline double __dadd_rn(double x, double y) noexcept {
  return gpu::detail::dadd_rn(x, y);
}
inline double __dsub_rn(double x, double y) noexcept {
  return gpu::detail::dsub_rn(x, y);
}
inline double __dmul_rn(double x, double y) noexcept {
  return gpu::detail::dmul_rn(x, y);
}
inline double __fma_rn(double x, double y, double z) noexcept {
  return gpu::detail::fma_rn(x, y, z);
}
inline double __ddiv_rn(double x, double y) noexcept {
  return gpu::detail::ddiv_rn(x, y);
}
inline double __drcp_rn(double x) noexcept {
  return gpu::detail::drcp_rn(x);
}
inline double __dsqrt_rn(double x) noexcept {
  return gpu::detail::dsqrt_rn(x);
}
inline float __fsub_rz(float x, float y) noexcept {
  return gpu::detail::fsub_rz(x, y);
}
inline float __fsub_ru(float x, float y) noexcept {
  return gpu::detail::fsub_ru(x, y);
}
inline float __fsub_rd(float x, float y) noexcept {
  return gpu::detail::fsub_rd(x, y);
}
inline float __frcp_rz(float x) noexcept {
  return gpu::detail::frcp_rz(x);
}
inline float __frcp_ru(float x) noexcept {
  return gpu::detail::frcp_ru(x);
}
inline float __frcp_rd(float x) noexcept {
  return gpu::detail::frcp_rd(x);
}
inline float __fsqrt_rz(float x) noexcept {
  return gpu::detail::fsqrt_rz(x);
}
inline float __fsqrt_ru(float x) noexcept {
  return gpu::detail::fsqrt_ru(x);
}
inline float __fsqrt_rd(float x) noexcept {
  return gpu::detail::fsqrt_rd(x);
}
inline double __dadd_rz(double x, double y) noexcept {
  return gpu::detail::dadd_rz(x, y);
}
inline double __dadd_ru(double x, double y) noexcept {
  return gpu::detail::dadd_ru(x, y);
}
inline double __dadd_rd(double x, double y) noexcept {
  return gpu::detail::dadd_rd(x, y);
}
inline double __dsub_rz(double x, double y) noexcept {
  return gpu::detail::dsub_rz(x, y);
}
inline double __dsub_ru(double x, double y) noexcept {
  return gpu::detail::dsub_ru(x, y);
}
inline double __dsub_rd(double x, double y) noexcept {
  return gpu::detail::dsub_rd(x, y);
}
inline double __dmul_rz(double x, double y) noexcept {
  return gpu::detail::dmul_rz(x, y);
}
inline double __dmul_ru(double x, double y) noexcept {
  return gpu::detail::dmul_ru(x, y);
}
inline double __dmul_rd(double x, double y) noexcept {
  return gpu::detail::dmul_rd(x, y);
}
inline double __fma_rz(double x, double y, double z) noexcept {
  return gpu::detail::fma_rz(x, y, z);
}
inline double __fma_ru(double x, double y, double z) noexcept {
  return gpu::detail::fma_ru(x, y, z);
}
inline double __fma_rd(double x, double y, double z) noexcept {
  return gpu::detail::fma_rd(x, y, z);
}
inline double __ddiv_rz(double x, double y) noexcept {
  return gpu::detail::ddiv_rz(x, y);
}
inline double __ddiv_ru(double x, double y) noexcept {
  return gpu::detail::ddiv_ru(x, y);
}
inline double __ddiv_rd(double x, double y) noexcept {
  return gpu::detail::ddiv_rd(x, y);
}
inline double __drcp_rz(double x) noexcept {
  return gpu::detail::drcp_rz(x);
}
inline double __drcp_ru(double x) noexcept {
  return gpu::detail::drcp_ru(x);
}
inline double __drcp_rd(double x) noexcept {
  return gpu::detail::drcp_rd(x);
}
inline double __dsqrt_rz(double x) noexcept {
  return gpu::detail::dsqrt_rz(x);
}
inline double __dsqrt_ru(double x) noexcept {
  return gpu::detail::dsqrt_ru(x);
}
inline double __dsqrt_rd(double x) noexcept {
  return gpu::detail::dsqrt_rd(x);
}
inline float __double2float_ru(double x) noexcept {
  return gpu::detail::double2float_ru(x);
}
inline float __double2float_rd(double x) noexcept {
  return gpu::detail::double2float_rd(x);
}

// --- Intrinsics: conversions and reinterpretation ---------------------------
inline int __float2int_rn(float x) noexcept {
  return gpu::detail::float2int_rn(x);
}
inline int __float2int_rd(float x) noexcept {
  return gpu::detail::float2int_rd(x);
}
inline int __float2int_ru(float x) noexcept {
  return gpu::detail::float2int_ru(x);
}
inline int __float2int_rz(float x) noexcept {
  return gpu::detail::float2int_rz(x);
}
inline unsigned __float2uint_rn(float x) noexcept {
  return gpu::detail::float2uint_rn(x);
}
inline long long __float2ll_rn(float x) noexcept {
  return gpu::detail::float2ll_rn(x);
}
inline int __double2int_rn(double x) noexcept {
  return gpu::detail::double2int_rn(x);
}
inline float __double2float_rn(double x) noexcept {
  return gpu::detail::double2float_rn(x);
}
inline float __double2float_rz(double x) noexcept {
  return gpu::detail::double2float_rz(x);
}
inline float __int2float_rn(int x) noexcept {
  return gpu::detail::int2float_rn(x);
}
inline int __float_as_int(float x) noexcept { return std::bit_cast<int>(x); }
inline unsigned __float_as_uint(float x) noexcept {
  return std::bit_cast<unsigned>(x);
}
inline float __int_as_float(int x) noexcept { return std::bit_cast<float>(x); }
inline float __uint_as_float(unsigned x) noexcept {
  return std::bit_cast<float>(x);
}
inline long long __double_as_longlong(double x) noexcept {
  return std::bit_cast<long long>(x);
}
inline double __longlong_as_double(long long x) noexcept {
  return std::bit_cast<double>(x);
}

// --- Intrinsics: integers ---------------------------------------------------
inline int __popc(unsigned x) noexcept { return std::popcount(x); }
inline int __popcll(unsigned long long x) noexcept { return std::popcount(x); }
inline int __clz(int x) noexcept { return std::countl_zero(unsigned(x)); }
inline int __clzll(long long x) noexcept {
  return std::countl_zero((unsigned long long)x);
}
inline int __ffs(int x) noexcept {
  return x ? std::countr_zero(unsigned(x)) + 1 : 0;
}
inline int __ffsll(long long x) noexcept {
  return x ? std::countr_zero((unsigned long long)x) + 1 : 0;
}
inline unsigned __brev(unsigned x) noexcept {
  return __builtin_bitreverse32(x);
}
inline unsigned long long __brevll(unsigned long long x) noexcept {
  return __builtin_bitreverse64(x);
}
inline unsigned __byte_perm(unsigned x, unsigned y, unsigned s) noexcept {
  return gpu::detail::byte_perm(x, y, s);
}
inline int __mulhi(int x, int y) noexcept {
  return int(((long long)x * y) >> 32);
}
inline unsigned __umulhi(unsigned x, unsigned y) noexcept {
  return unsigned(((unsigned long long)x * y) >> 32);
}
inline long long __mul64hi(long long x, long long y) noexcept {
  return (long long)(((__int128)x * y) >> 64);
}
inline unsigned long long __umul64hi(unsigned long long x,
                                     unsigned long long y) noexcept {
  return (unsigned long long)(((unsigned __int128)x * y) >> 64);
}
inline int __mul24(int x, int y) noexcept { return gpu::detail::mul24(x, y); }
inline unsigned __umul24(unsigned x, unsigned y) noexcept {
  return gpu::detail::umul24(x, y);
}
inline unsigned __sad(int x, int y, unsigned z) noexcept {
  return gpu::detail::sad(x, y, z);
}
inline unsigned __usad(unsigned x, unsigned y, unsigned z) noexcept {
  return gpu::detail::usad(x, y, z);
}
inline int __hadd(int x, int y) noexcept { return gpu::detail::hadd(x, y); }
inline int __rhadd(int x, int y) noexcept { return gpu::detail::rhadd(x, y); }
inline unsigned __uhadd(unsigned x, unsigned y) noexcept {
  return gpu::detail::uhadd(x, y);
}
inline unsigned __urhadd(unsigned x, unsigned y) noexcept {
  return gpu::detail::urhadd(x, y);
}

// --- Memory: cache policies -------------------------------------------------
template <class T> T __ldg(const T *p) noexcept {
  return gpu::load_readonly(p);
}
template <class T> T __ldca(const T *p) noexcept {
  return gpu::load_cache_all(p);
}
template <class T> T __ldcg(const T *p) noexcept {
  return gpu::load_cache_global(p);
}
template <class T> T __ldcs(const T *p) noexcept {
  return gpu::load_streaming(p);
}
template <class T> T __ldlu(const T *p) noexcept {
  return gpu::load_last_use(p);
}
template <class T> T __ldcv(const T *p) noexcept {
  return gpu::load_volatile(p);
}
template <class T> void __stwb(T *p, T v) noexcept {
  gpu::store_write_back(p, v);
}
template <class T> void __stcg(T *p, T v) noexcept {
  gpu::store_cache_global(p, v);
}
template <class T> void __stcs(T *p, T v) noexcept {
  gpu::store_streaming(p, v);
}
template <class T> void __stwt(T *p, T v) noexcept {
  gpu::store_write_through(p, v);
}

// --- Shared-memory addresses for inline PTX ---------------------------------
// The address of `p` (which must point into shared memory) in the shared
// window, as cp.async, ldmatrix and ld.shared take it. Device code only:
// the host has no shared memory (its copy stops the program).
inline size_t __cvta_generic_to_shared(const void *p) noexcept {
  size_t r;
  asm("cvta.to.shared.u64 %0, %1;" : "=l"(r) : "l"(p));
  return r;
}

// --- Half precision (cuda_fp16.h, cuda_bf16.h) -----------------------------
using __half = gpu::half;
using __half2 = gpu::half2;
using __nv_bfloat16 = gpu::bfloat16;
using __nv_bfloat162 = gpu::bfloat162;
using half = gpu::half;
using half2 = gpu::half2;
using nv_bfloat16 = gpu::bfloat16;
using nv_bfloat162 = gpu::bfloat162;

// Conversions: to nearest even; to float, exact.
inline constexpr __half __float2half(float f) noexcept { return __half(f); }
inline constexpr __half __float2half_rn(float f) noexcept { return __half(f); }
inline constexpr __half __double2half(double d) noexcept { return __half(d); }
inline constexpr float __half2float(__half h) noexcept { return float(h); }
inline constexpr __half __int2half_rn(int i) noexcept { return __half(i); }
inline constexpr __nv_bfloat16 __float2bfloat16(float f) noexcept {
  return __nv_bfloat16(f);
}
inline constexpr __nv_bfloat16 __float2bfloat16_rn(float f) noexcept {
  return __nv_bfloat16(f);
}
inline constexpr __nv_bfloat16 __double2bfloat16(double d) noexcept {
  return __nv_bfloat16(d);
}
inline constexpr float __bfloat162float(__nv_bfloat16 h) noexcept {
  return float(h);
}
inline constexpr __nv_bfloat16 __int2bfloat16_rn(int i) noexcept {
  return __nv_bfloat16(i);
}
namespace gpu::detail {
// Toward zero, saturated; NaN is 0 (cvt.rzi.s32.f16).
inline constexpr int half_to_int_rz(float f) noexcept {
  if (f != f)
    return 0;
  if (f >= 2147483648.0f)
    return INT_MAX;
  if (f < -2147483648.0f)
    return INT_MIN;
  return int(f);
}
} // namespace gpu::detail
inline constexpr int __half2int_rz(__half h) noexcept {
  return gpu::detail::half_to_int_rz(float(h));
}
inline constexpr int __bfloat162int_rz(__nv_bfloat16 h) noexcept {
  return gpu::detail::half_to_int_rz(float(h));
}

// Pairs from floats (cvt.rn.f16x2.f32) and back.
inline __half2 __floats2half2_rn(float lo, float hi) noexcept {
  return __half2::from_floats(lo, hi);
}
inline __half2 __float22half2_rn(float2 f) noexcept {
  return __half2::from_floats(f.x, f.y);
}
inline __half2 __float2half2_rn(float f) noexcept {
  return __half2::from_floats(f, f);
}
inline __nv_bfloat162 __floats2bfloat162_rn(float lo, float hi) noexcept {
  return __nv_bfloat162::from_floats(lo, hi);
}
inline __nv_bfloat162 __float22bfloat162_rn(float2 f) noexcept {
  return __nv_bfloat162::from_floats(f.x, f.y);
}
inline __nv_bfloat162 __float2bfloat162_rn(float f) noexcept {
  return __nv_bfloat162::from_floats(f, f);
}
inline constexpr float2 __half22float2(__half2 h) noexcept {
  return {float(h.x), float(h.y)};
}
inline constexpr float2 __bfloat1622float2(__nv_bfloat162 h) noexcept {
  return {float(h.x), float(h.y)};
}

// Building and taking pairs apart.
inline constexpr __half2 make_half2(__half x, __half y) noexcept {
  return {x, y};
}
inline constexpr __half2 __halves2half2(__half lo, __half hi) noexcept {
  return {lo, hi};
}
inline constexpr __half2 __half2half2(__half h) noexcept { return {h, h}; }
inline constexpr __half __low2half(__half2 h) noexcept { return h.x; }
inline constexpr __half __high2half(__half2 h) noexcept { return h.y; }
inline constexpr __nv_bfloat162 make_bfloat162(__nv_bfloat16 x,
                                               __nv_bfloat16 y) noexcept {
  return {x, y};
}
inline constexpr __nv_bfloat162 __halves2bfloat162(__nv_bfloat16 lo,
                                                   __nv_bfloat16 hi) noexcept {
  return {lo, hi};
}
inline constexpr __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16 h) noexcept {
  return {h, h};
}
inline constexpr __nv_bfloat16 __low2bfloat16(__nv_bfloat162 h) noexcept {
  return h.x;
}
inline constexpr __nv_bfloat16 __high2bfloat16(__nv_bfloat162 h) noexcept {
  return h.y;
}
inline constexpr __half2 __lows2half2(__half2 a, __half2 b) noexcept {
  return {a.x, b.x};
}
inline constexpr __half2 __highs2half2(__half2 a, __half2 b) noexcept {
  return {a.y, b.y};
}
inline constexpr __half2 __low2half2(__half2 a) noexcept { return {a.x, a.x}; }
inline constexpr __half2 __high2half2(__half2 a) noexcept { return {a.y, a.y}; }
inline constexpr __nv_bfloat162 __lows2bfloat162(__nv_bfloat162 a,
                                                 __nv_bfloat162 b) noexcept {
  return {a.x, b.x};
}
inline constexpr __nv_bfloat162 __highs2bfloat162(__nv_bfloat162 a,
                                                  __nv_bfloat162 b) noexcept {
  return {a.y, b.y};
}
inline constexpr __nv_bfloat162 __low2bfloat162(__nv_bfloat162 a) noexcept {
  return {a.x, a.x};
}
inline constexpr __nv_bfloat162 __high2bfloat162(__nv_bfloat162 a) noexcept {
  return {a.y, a.y};
}

// Reinterpretation.
inline constexpr short __half_as_short(__half h) noexcept {
  return short(h.bits());
}
inline constexpr unsigned short __half_as_ushort(__half h) noexcept {
  return h.bits();
}
inline constexpr __half __short_as_half(short i) noexcept {
  return __half::from_bits(uint16_t(i));
}
inline constexpr __half __ushort_as_half(unsigned short i) noexcept {
  return __half::from_bits(i);
}
inline constexpr short __bfloat16_as_short(__nv_bfloat16 h) noexcept {
  return short(h.bits());
}
inline constexpr unsigned short __bfloat16_as_ushort(__nv_bfloat16 h) noexcept {
  return h.bits();
}
inline constexpr __nv_bfloat16 __short_as_bfloat16(short i) noexcept {
  return __nv_bfloat16::from_bits(uint16_t(i));
}
inline constexpr __nv_bfloat16 __ushort_as_bfloat16(unsigned short i) noexcept {
  return __nv_bfloat16::from_bits(i);
}

// Constants (cuda_fp16.h's and cuda_bf16.h's macros).
#define CUDART_INF_FP16 __ushort_as_half((unsigned short)0x7C00U)
#define CUDART_NAN_FP16 __ushort_as_half((unsigned short)0x7FFFU)
#define CUDART_MIN_DENORM_FP16 __ushort_as_half((unsigned short)0x0001U)
#define CUDART_MAX_NORMAL_FP16 __ushort_as_half((unsigned short)0x7BFFU)
#define CUDART_NEG_ZERO_FP16 __ushort_as_half((unsigned short)0x8000U)
#define CUDART_ZERO_FP16 __ushort_as_half((unsigned short)0x0000U)
#define CUDART_ONE_FP16 __ushort_as_half((unsigned short)0x3C00U)
#define CUDART_INF_BF16 __ushort_as_bfloat16((unsigned short)0x7F80U)
#define CUDART_NAN_BF16 __ushort_as_bfloat16((unsigned short)0x7FFFU)
#define CUDART_MIN_DENORM_BF16 __ushort_as_bfloat16((unsigned short)0x0001U)
#define CUDART_MAX_NORMAL_BF16 __ushort_as_bfloat16((unsigned short)0x7F7FU)
#define CUDART_NEG_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x8000U)
#define CUDART_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x0000U)
#define CUDART_ONE_BF16 __ushort_as_bfloat16((unsigned short)0x3F80U)

// The functions below exist for __half/__half2 and for
// __nv_bfloat16/__nv_bfloat162 (H, H2).
#define ALLOY_HALF_COMPAT(H, H2)                                               \
  /* Pair lanes as floats (exact). */                                          \
  inline constexpr float __low2float(H2 h) noexcept { return float(h.x); }     \
  inline constexpr float __high2float(H2 h) noexcept { return float(h.y); }    \
  inline constexpr H2 __lowhigh2highlow(H2 h) noexcept { return {h.y, h.x}; }  \
                                                                               \
  /* Scalar arithmetic, each rounded once; fma: one rounding. */               \
  inline constexpr H __hadd(H a, H b) noexcept { return a + b; }               \
  inline constexpr H __hsub(H a, H b) noexcept { return a - b; }               \
  inline constexpr H __hmul(H a, H b) noexcept { return a * b; }               \
  inline constexpr H __hdiv(H a, H b) noexcept { return a / b; }               \
  inline H __hfma(H a, H b, H c) noexcept { return gpu::fma(a, b, c); }        \
  inline constexpr H __hneg(H a) noexcept { return -a; }                       \
  inline constexpr H __habs(H a) noexcept { return gpu::abs(a); }              \
  inline H __hmax(H a, H b) noexcept { return gpu::hmax(a, b); }               \
  inline H __hmin(H a, H b) noexcept { return gpu::hmin(a, b); }               \
  inline constexpr H __hmax_nan(H a, H b) noexcept {                           \
    return gpu::hmax_nan(a, b);                                                \
  }                                                                            \
  inline constexpr H __hmin_nan(H a, H b) noexcept {                           \
    return gpu::hmin_nan(a, b);                                                \
  }                                                                            \
  /* _rn: never contracted into an fma with a neighbouring operation (the      \
     pragma must be where the _Float16 / __bf16 operation is). */              \
  inline constexpr H __hadd_rn(H a, H b) noexcept {                            \
    _Pragma("clang fp contract(off)") return H(                                \
        decltype(a.value())(a.value() + b.value()));                           \
  }                                                                            \
  inline constexpr H __hsub_rn(H a, H b) noexcept {                            \
    _Pragma("clang fp contract(off)") return H(                                \
        decltype(a.value())(a.value() - b.value()));                           \
  }                                                                            \
  inline constexpr H __hmul_rn(H a, H b) noexcept {                            \
    _Pragma("clang fp contract(off)") return H(                                \
        decltype(a.value())(a.value() * b.value()));                           \
  }                                                                            \
                                                                               \
  /* Pair arithmetic: packed instructions (division: lane by lane). */         \
  inline H2 __hadd2(H2 a, H2 b) noexcept { return a + b; }                     \
  inline H2 __hsub2(H2 a, H2 b) noexcept { return a - b; }                     \
  inline H2 __hmul2(H2 a, H2 b) noexcept { return a * b; }                     \
  inline constexpr H2 __h2div(H2 a, H2 b) noexcept { return a / b; }           \
  inline H2 __hfma2(H2 a, H2 b, H2 c) noexcept { return gpu::fma(a, b, c); }   \
  inline H2 __hneg2(H2 a) noexcept { return -a; }                              \
  inline H2 __habs2(H2 a) noexcept { return gpu::abs(a); }                     \
  inline H2 __hmax2(H2 a, H2 b) noexcept { return gpu::hmax(a, b); }           \
  inline H2 __hmin2(H2 a, H2 b) noexcept { return gpu::hmin(a, b); }           \
  inline constexpr H2 __hmax2_nan(H2 a, H2 b) noexcept {                       \
    return gpu::hmax_nan(a, b);                                                \
  }                                                                            \
  inline constexpr H2 __hmin2_nan(H2 a, H2 b) noexcept {                       \
    return gpu::hmin_nan(a, b);                                                \
  }                                                                            \
                                                                               \
  /* Classification: __hisinf is -1, 0 or 1. */                                \
  inline constexpr bool __hisnan(H a) noexcept { return gpu::isnan(a); }       \
  inline constexpr int __hisinf(H a) noexcept {                                \
    return gpu::isinf(a) ? (gpu::signbit(a) ? -1 : 1) : 0;                     \
  }                                                                            \
  inline constexpr H2 __hisnan2(H2 a) noexcept {                               \
    return gpu::detail::lanewise(a, a, [](H l, H) { return gpu::isnan(l); });  \
  }                                                                            \
  ALLOY_HALF_COMPARE(H, H2, eq, !u && l == r)                                  \
  ALLOY_HALF_COMPARE(H, H2, ne, !u && l != r)                                  \
  ALLOY_HALF_COMPARE(H, H2, lt, l < r)                                         \
  ALLOY_HALF_COMPARE(H, H2, le, l <= r)                                        \
  ALLOY_HALF_COMPARE(H, H2, gt, l > r)                                         \
  ALLOY_HALF_COMPARE(H, H2, ge, l >= r)                                        \
  ALLOY_HALF_COMPARE(H, H2, equ, u || l == r)                                  \
  ALLOY_HALF_COMPARE(H, H2, neu, u || l != r)                                  \
  ALLOY_HALF_COMPARE(H, H2, ltu, u || l < r)                                   \
  ALLOY_HALF_COMPARE(H, H2, leu, u || l <= r)                                  \
  ALLOY_HALF_COMPARE(H, H2, gtu, u || l > r)                                   \
  ALLOY_HALF_COMPARE(H, H2, geu, u || l >= r)

// __hNAME(a, b): bool; __hNAME2: 1.0 or 0.0 per lane; __hbNAME2: true in
// both lanes; __hNAME2_mask: 0xffff per lane where true. u: unordered (a
// NaN operand); the names without u are false then, those with u true.
#define ALLOY_HALF_COMPARE(H, H2, NAME, EXPR)                                  \
  inline constexpr bool __h##NAME(H l, H r) noexcept {                         \
    bool u = gpu::isnan(l) || gpu::isnan(r);                                   \
    (void)u;                                                                   \
    return EXPR;                                                               \
  }                                                                            \
  inline constexpr H2 __h##NAME##2(H2 a, H2 b) noexcept {                      \
    return gpu::detail::lanewise(a, b,                                         \
                                 [](H l, H r) { return __h##NAME(l, r); });    \
  }                                                                            \
  inline constexpr bool __hb##NAME##2(H2 a, H2 b) noexcept {                   \
    return __h##NAME(a.x, b.x) && __h##NAME(a.y, b.y);                         \
  }                                                                            \
  inline constexpr unsigned __h##NAME##2_mask(H2 a, H2 b) noexcept {           \
    return (__h##NAME(a.x, b.x) ? 0xffffu : 0u) |                              \
           (__h##NAME(a.y, b.y) ? 0xffff0000u : 0u);                           \
  }

ALLOY_HALF_COMPAT(__half, __half2)
ALLOY_HALF_COMPAT(__nv_bfloat16, __nv_bfloat162)
#undef ALLOY_HALF_COMPARE
#undef ALLOY_HALF_COMPAT

// Half math (cuda_fp16.h, cuda_bf16.h), for __half and __nv_bfloat16 and
// their pairs. hexp2 and htanh are CUDA's accurate ones: the function in
// float (libdevice's exp2f, tanhf), rounded once. htanh_approx (newer CUDA)
// and the others are gpu::fast's approximations (<gpu/half.hpp> lists their
// accuracy): htanh_approx is tanh.approx.f16 (bf16: .bf16 on sm_90), hexp,
// hlog, hlog2, hsqrt, hrsqrt, hrcp, hsin, hcos one approximate f32
// instruction each, as CUDA computes them (without the corrections CUDA
// applies to a few inputs to round them correctly: these may be 1 ulp off).
#define ALLOY_HALF_MATH(H, H2)                                                 \
  inline H hexp2(H a) noexcept { return H(std::exp2(float(a))); }              \
  inline H2 h2exp2(H2 a) noexcept {                                            \
    return H2::from_floats(std::exp2(float(a.x)), std::exp2(float(a.y)));      \
  }                                                                            \
  inline H htanh(H a) noexcept { return H(std::tanh(float(a))); }              \
  inline H2 h2tanh(H2 a) noexcept {                                            \
    return H2::from_floats(std::tanh(float(a.x)), std::tanh(float(a.y)));      \
  }                                                                            \
  inline H htanh_approx(H a) noexcept { return gpu::fast::tanh(a); }           \
  inline H2 h2tanh_approx(H2 a) noexcept { return gpu::fast::tanh(a); }        \
  inline H hexp(H a) noexcept { return gpu::fast::exp(a); }                    \
  inline H2 h2exp(H2 a) noexcept { return gpu::fast::exp(a); }                 \
  inline H hlog(H a) noexcept { return gpu::fast::log(a); }                    \
  inline H2 h2log(H2 a) noexcept { return gpu::fast::log(a); }                 \
  inline H hlog2(H a) noexcept { return gpu::fast::log2(a); }                  \
  inline H2 h2log2(H2 a) noexcept { return gpu::fast::log2(a); }               \
  inline H hsqrt(H a) noexcept { return gpu::fast::sqrt(a); }                  \
  inline H2 h2sqrt(H2 a) noexcept { return gpu::fast::sqrt(a); }               \
  inline H hrsqrt(H a) noexcept { return gpu::fast::rsqrt(a); }                \
  inline H2 h2rsqrt(H2 a) noexcept { return gpu::fast::rsqrt(a); }             \
  inline H hrcp(H a) noexcept { return gpu::fast::rcp(a); }                    \
  inline H2 h2rcp(H2 a) noexcept { return gpu::fast::rcp(a); }                 \
  inline H hsin(H a) noexcept { return gpu::fast::sin(a); }                    \
  inline H2 h2sin(H2 a) noexcept { return gpu::fast::sin(a); }                 \
  inline H hcos(H a) noexcept { return gpu::fast::cos(a); }                    \
  inline H2 h2cos(H2 a) noexcept { return gpu::fast::cos(a); }

ALLOY_HALF_MATH(__half, __half2)
ALLOY_HALF_MATH(__nv_bfloat16, __nv_bfloat162)
#undef ALLOY_HALF_MATH

#endif // GPU_CUDA_COMPAT_HPP
