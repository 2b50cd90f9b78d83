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
#ifndef GPU_CUDA_COMPAT_HPP
#define GPU_CUDA_COMPAT_HPP

#include <gpu/math.hpp>
#include <gpu/memory.hpp>

#include <bit>
#include <cstdint>

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

#endif // GPU_CUDA_COMPAT_HPP
