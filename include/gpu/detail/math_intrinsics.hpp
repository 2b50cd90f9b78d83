// Device intrinsics of the math library beyond <cmath>: CUDA's fast
// approximations, directed roundings, conversions and integer intrinsics,
// each a libdevice function (compiler/Basic/DeviceIntrinsics.def names it).
// The public names are <gpu/math.hpp> and <gpu/cuda_compat.hpp>. The bodies
// are the host fallbacks: the same functions computed by the C library.
#ifndef GPU_DETAIL_MATH_INTRINSICS_HPP
#define GPU_DETAIL_MATH_INTRINSICS_HPP

#include <gpu/detail/intrinsics.hpp>

#include <bit>
#include <cfenv>
#include <cmath>
#include <type_traits>

namespace gpu::detail {

// The host fallbacks of the directed roundings: the operation, in the
// rounding mode. Its operands and result pass through empty asm statements
// between the fesetround calls, so that the optimizer neither moves the
// operation across them nor folds it (it did: __fadd_ru gave the nearest
// value at -O2). (#pragma STDC FENV_ACCESS ON says the same, but clang
// rejects it under -ffast-math and -funsafe-math-optimizations.)
template <class T> inline T opaque_value(T v) noexcept {
  asm volatile("" : "+m"(v));
  return v;
}
template <class F, class... T>
inline auto with_rounding(int mode, F f, T... operands) noexcept {
  int saved = std::fegetround();
  std::fesetround(mode);
  auto r = opaque_value(f(opaque_value(operands)...));
  std::fesetround(saved);
  return r;
}
// The host's wider type: float's functions are computed in double and
// double's in long double, then rounded once.
template <class T> using wider_t = std::conditional_t<sizeof(T) <= 4, double, long double>;

inline double erfinv_wide(double y) noexcept {
  // Not INFINITY and NAN: -ffast-math warns wherever those are written.
  const double inf = double(std::bit_cast<float>(0x7f800000u));
  if (!(y > -1.0 && y < 1.0))
    return y == 1.0    ? inf
           : y == -1.0 ? -inf
                       : double(std::bit_cast<float>(0x7fc00000u));
  // Newton on erf(x) = |y| near 0; near 1 on erfc(x) = 1 - |y| (exact
  // there), whose convexity makes it converge from the start
  // sqrt(-log(1 - |y|)), which lies beyond the root.
  long double a = y < 0 ? -y : y;
  long double x = 0;
  if (a <= 0.5L) {
    for (int i = 0; i < 40; ++i)
      x -= (std::erf(x) - a) / (1.1283791670955126L * std::exp(-x * x));
  } else {
    long double t = 1.0L - a;
    x = std::sqrt(-std::log(t));
    for (int i = 0; i < 60; ++i)
      x += (std::erfc(x) - t) / (1.1283791670955126L * std::exp(-x * x));
  }
  return double(y < 0 ? -x : x);
}
template <class T> inline T erfinv_host(T y) noexcept {
  return T(erfinv_wide(double(y)));
}

// sin(pi x) and cos(pi x), reduced exactly first: x - 2 round(x / 2) is
// exact (in [-1, 1]), so integers give exact zeros and a large x no error
// of pi x; the sine of pi times the reduced value is taken in the wider
// type and rounded once.
template <class T> inline T mod2_host(T x) noexcept {
  return x - T(2) * std::nearbyint(x * T(0.5));
}
template <class T> inline T sin_pi_wide(T r) noexcept {
  using W = wider_t<T>;
  return T(std::sin(W(3.141592653589793238462643383279502884L) * W(r)));
}
template <class T> inline T sinpi_host(T x) noexcept {
  if (x - x != 0) // infinite or NaN
    return x - x;
  T r = mod2_host(x);
  if (r > T(0.5))
    r = T(1) - r;
  else if (r < T(-0.5))
    r = T(-1) - r;
  T s = sin_pi_wide(r);
  return s == 0 ? x * T(0) : s; // sinpi(-n) is -0
}
template <class T> inline T cospi_host(T x) noexcept {
  if (x - x != 0)
    return x - x;
  T r = std::fabs(mod2_host(std::fabs(x)));
  // cos(pi r) = sin(pi (1/2 - r)), 1/2 - r exact: cospi(n + 1/2) is +0.
  T c = sin_pi_wide(T(0.5) - r);
  return c == 0 ? T(0) : c;
}
inline unsigned byte_perm_host(unsigned x, unsigned y, unsigned s) noexcept {
  unsigned long long bytes = (unsigned long long)y << 32 | x;
  unsigned r = 0;
  for (int i = 0; i < 4; ++i)
    r |= unsigned((bytes >> (((s >> (4 * i)) & 7) * 8)) & 0xff) << (8 * i);
  return r;
}

ALLOY_INTRINSIC("math.fast_exp.f32")
inline float fast_expf(float x) noexcept { return std::exp(x); }
ALLOY_INTRINSIC("math.fast_exp10.f32")
inline float fast_exp10f(float x) noexcept { return std::pow(10.0f, x); }
ALLOY_INTRINSIC("math.fast_log.f32")
inline float fast_logf(float x) noexcept { return std::log(x); }
ALLOY_INTRINSIC("math.fast_log2.f32")
inline float fast_log2f(float x) noexcept { return std::log2(x); }
ALLOY_INTRINSIC("math.fast_log10.f32")
inline float fast_log10f(float x) noexcept { return std::log10(x); }
ALLOY_INTRINSIC("math.fast_sin.f32")
inline float fast_sinf(float x) noexcept { return std::sin(x); }
ALLOY_INTRINSIC("math.fast_cos.f32")
inline float fast_cosf(float x) noexcept { return std::cos(x); }
ALLOY_INTRINSIC("math.fast_tan.f32")
inline float fast_tanf(float x) noexcept { return std::tan(x); }
ALLOY_INTRINSIC("math.fast_tanh.f32")
inline float fast_tanhf(float x) noexcept { return std::tanh(x); }
ALLOY_INTRINSIC("math.fast_pow.f32")
inline float fast_powf(float x, float y) noexcept { return std::pow(x, y); }
ALLOY_INTRINSIC("math.fast_divide.f32")
inline float fast_dividef(float x, float y) noexcept { return x / y; }
ALLOY_INTRINSIC("math.rsqrt.f32")
inline float rsqrtf(float x) noexcept { return 1.0f / std::sqrt(x); }
ALLOY_INTRINSIC("math.rsqrt.f64")
inline double rsqrt(double x) noexcept { return 1.0 / std::sqrt(x); }
ALLOY_INTRINSIC("math.rcbrt.f32")
inline float rcbrtf(float x) noexcept { return 1.0f / std::cbrt(x); }
ALLOY_INTRINSIC("math.rcbrt.f64")
inline double rcbrt(double x) noexcept { return 1.0 / std::cbrt(x); }
ALLOY_INTRINSIC("math.saturate.f32")
inline float saturatef(float x) noexcept { return x >= 1.0f ? 1.0f : x > 0.0f ? x : 0.0f; }
ALLOY_INTRINSIC("math.sinpi.f32")
inline float sinpif(float x) noexcept { return sinpi_host(x); }
ALLOY_INTRINSIC("math.sinpi.f64")
inline double sinpi(double x) noexcept { return sinpi_host(x); }
ALLOY_INTRINSIC("math.cospi.f32")
inline float cospif(float x) noexcept { return cospi_host(x); }
ALLOY_INTRINSIC("math.cospi.f64")
inline double cospi(double x) noexcept { return cospi_host(x); }
ALLOY_INTRINSIC("math.erfinv.f32")
inline float erfinvf(float x) noexcept { return erfinv_host(x); }
ALLOY_INTRINSIC("math.erfinv.f64")
inline double erfinv(double x) noexcept { return erfinv_host(x); }
ALLOY_INTRINSIC("math.normcdf.f32")
inline float normcdff(float x) noexcept {
  return float(0.5 * std::erfc(-double(x) * 0.70710678118654752440));
}
ALLOY_INTRINSIC("math.normcdf.f64")
inline double normcdf(double x) noexcept {
  return double(0.5L * std::erfc(-(long double)x * 0.70710678118654752440L));
}
ALLOY_INTRINSIC("math.add_rn.f32")
inline float fadd_rn(float x, float y) noexcept { return x + y; }
ALLOY_INTRINSIC("math.add_rz.f32")
inline float fadd_rz(float x, float y) noexcept { return with_rounding(FE_TOWARDZERO, [](auto a, auto b) { return a + b; }, x, y); }
ALLOY_INTRINSIC("math.add_ru.f32")
inline float fadd_ru(float x, float y) noexcept { return with_rounding(FE_UPWARD, [](auto a, auto b) { return a + b; }, x, y); }
ALLOY_INTRINSIC("math.add_rd.f32")
inline float fadd_rd(float x, float y) noexcept { return with_rounding(FE_DOWNWARD, [](auto a, auto b) { return a + b; }, x, y); }
ALLOY_INTRINSIC("math.sub_rn.f32")
inline float fsub_rn(float x, float y) noexcept { return x - y; }
ALLOY_INTRINSIC("math.mul_rn.f32")
inline float fmul_rn(float x, float y) noexcept { return x * y; }
ALLOY_INTRINSIC("math.mul_rz.f32")
inline float fmul_rz(float x, float y) noexcept { return with_rounding(FE_TOWARDZERO, [](auto a, auto b) { return a * b; }, x, y); }
ALLOY_INTRINSIC("math.mul_ru.f32")
inline float fmul_ru(float x, float y) noexcept { return with_rounding(FE_UPWARD, [](auto a, auto b) { return a * b; }, x, y); }
ALLOY_INTRINSIC("math.mul_rd.f32")
inline float fmul_rd(float x, float y) noexcept { return with_rounding(FE_DOWNWARD, [](auto a, auto b) { return a * b; }, x, y); }
ALLOY_INTRINSIC("math.fma_rn.f32")
inline float fmaf_rn(float x, float y, float z) noexcept { return std::fma(x, y, z); }
ALLOY_INTRINSIC("math.fma_rz.f32")
inline float fmaf_rz(float x, float y, float z) noexcept { return with_rounding(FE_TOWARDZERO, [](auto a, auto b, auto c) { return std::fma(a, b, c); }, x, y, z); }
ALLOY_INTRINSIC("math.fma_ru.f32")
inline float fmaf_ru(float x, float y, float z) noexcept { return with_rounding(FE_UPWARD, [](auto a, auto b, auto c) { return std::fma(a, b, c); }, x, y, z); }
ALLOY_INTRINSIC("math.fma_rd.f32")
inline float fmaf_rd(float x, float y, float z) noexcept { return with_rounding(FE_DOWNWARD, [](auto a, auto b, auto c) { return std::fma(a, b, c); }, x, y, z); }
ALLOY_INTRINSIC("math.div_rn.f32")
inline float fdiv_rn(float x, float y) noexcept { return x / y; }
ALLOY_INTRINSIC("math.div_rz.f32")
inline float fdiv_rz(float x, float y) noexcept { return with_rounding(FE_TOWARDZERO, [](auto a, auto b) { return a / b; }, x, y); }
ALLOY_INTRINSIC("math.div_ru.f32")
inline float fdiv_ru(float x, float y) noexcept { return with_rounding(FE_UPWARD, [](auto a, auto b) { return a / b; }, x, y); }
ALLOY_INTRINSIC("math.div_rd.f32")
inline float fdiv_rd(float x, float y) noexcept { return with_rounding(FE_DOWNWARD, [](auto a, auto b) { return a / b; }, x, y); }
ALLOY_INTRINSIC("math.rcp_rn.f32")
inline float frcp_rn(float x) noexcept { return 1.0f / x; }
ALLOY_INTRINSIC("math.sqrt_rn.f32")
inline float fsqrt_rn(float x) noexcept { return std::sqrt(x); }
ALLOY_INTRINSIC("math.rsqrt_rn.f32")
inline float frsqrt_rn(float x) noexcept { return 1.0f / std::sqrt(x); }
ALLOY_INTRINSIC("math.add_rn.f64")
inline double dadd_rn(double x, double y) noexcept { return x + y; }
ALLOY_INTRINSIC("math.sub_rn.f64")
inline double dsub_rn(double x, double y) noexcept { return x - y; }
ALLOY_INTRINSIC("math.mul_rn.f64")
inline double dmul_rn(double x, double y) noexcept { return x * y; }
ALLOY_INTRINSIC("math.fma_rn.f64")
inline double fma_rn(double x, double y, double z) noexcept { return std::fma(x, y, z); }
ALLOY_INTRINSIC("math.div_rn.f64")
inline double ddiv_rn(double x, double y) noexcept { return x / y; }
ALLOY_INTRINSIC("math.rcp_rn.f64")
inline double drcp_rn(double x) noexcept { return 1.0 / x; }
ALLOY_INTRINSIC("math.sqrt_rn.f64")
inline double dsqrt_rn(double x) noexcept { return std::sqrt(x); }
ALLOY_INTRINSIC("math.sub_rz.f32")
inline float fsub_rz(float x, float y) noexcept { return with_rounding(FE_TOWARDZERO, [](auto a, auto b) { return a - b; }, x, y); }
ALLOY_INTRINSIC("math.sub_ru.f32")
inline float fsub_ru(float x, float y) noexcept { return with_rounding(FE_UPWARD, [](auto a, auto b) { return a - b; }, x, y); }
ALLOY_INTRINSIC("math.sub_rd.f32")
inline float fsub_rd(float x, float y) noexcept { return with_rounding(FE_DOWNWARD, [](auto a, auto b) { return a - b; }, x, y); }
ALLOY_INTRINSIC("math.rcp_rz.f32")
inline float frcp_rz(float x) noexcept { return with_rounding(FE_TOWARDZERO, [](auto a) { return 1.0f / a; }, x); }
ALLOY_INTRINSIC("math.rcp_ru.f32")
inline float frcp_ru(float x) noexcept { return with_rounding(FE_UPWARD, [](auto a) { return 1.0f / a; }, x); }
ALLOY_INTRINSIC("math.rcp_rd.f32")
inline float frcp_rd(float x) noexcept { return with_rounding(FE_DOWNWARD, [](auto a) { return 1.0f / a; }, x); }
ALLOY_INTRINSIC("math.sqrt_rz.f32")
inline float fsqrt_rz(float x) noexcept { return with_rounding(FE_TOWARDZERO, [](auto a) { return std::sqrt(a); }, x); }
ALLOY_INTRINSIC("math.sqrt_ru.f32")
inline float fsqrt_ru(float x) noexcept { return with_rounding(FE_UPWARD, [](auto a) { return std::sqrt(a); }, x); }
ALLOY_INTRINSIC("math.sqrt_rd.f32")
inline float fsqrt_rd(float x) noexcept { return with_rounding(FE_DOWNWARD, [](auto a) { return std::sqrt(a); }, x); }
ALLOY_INTRINSIC("math.add_rz.f64")
inline double dadd_rz(double x, double y) noexcept { return with_rounding(FE_TOWARDZERO, [](auto a, auto b) { return a + b; }, x, y); }
ALLOY_INTRINSIC("math.add_ru.f64")
inline double dadd_ru(double x, double y) noexcept { return with_rounding(FE_UPWARD, [](auto a, auto b) { return a + b; }, x, y); }
ALLOY_INTRINSIC("math.add_rd.f64")
inline double dadd_rd(double x, double y) noexcept { return with_rounding(FE_DOWNWARD, [](auto a, auto b) { return a + b; }, x, y); }
ALLOY_INTRINSIC("math.sub_rz.f64")
inline double dsub_rz(double x, double y) noexcept { return with_rounding(FE_TOWARDZERO, [](auto a, auto b) { return a - b; }, x, y); }
ALLOY_INTRINSIC("math.sub_ru.f64")
inline double dsub_ru(double x, double y) noexcept { return with_rounding(FE_UPWARD, [](auto a, auto b) { return a - b; }, x, y); }
ALLOY_INTRINSIC("math.sub_rd.f64")
inline double dsub_rd(double x, double y) noexcept { return with_rounding(FE_DOWNWARD, [](auto a, auto b) { return a - b; }, x, y); }
ALLOY_INTRINSIC("math.mul_rz.f64")
inline double dmul_rz(double x, double y) noexcept { return with_rounding(FE_TOWARDZERO, [](auto a, auto b) { return a * b; }, x, y); }
ALLOY_INTRINSIC("math.mul_ru.f64")
inline double dmul_ru(double x, double y) noexcept { return with_rounding(FE_UPWARD, [](auto a, auto b) { return a * b; }, x, y); }
ALLOY_INTRINSIC("math.mul_rd.f64")
inline double dmul_rd(double x, double y) noexcept { return with_rounding(FE_DOWNWARD, [](auto a, auto b) { return a * b; }, x, y); }
ALLOY_INTRINSIC("math.fma_rz.f64")
inline double fma_rz(double x, double y, double z) noexcept { return with_rounding(FE_TOWARDZERO, [](auto a, auto b, auto c) { return std::fma(a, b, c); }, x, y, z); }
ALLOY_INTRINSIC("math.fma_ru.f64")
inline double fma_ru(double x, double y, double z) noexcept { return with_rounding(FE_UPWARD, [](auto a, auto b, auto c) { return std::fma(a, b, c); }, x, y, z); }
ALLOY_INTRINSIC("math.fma_rd.f64")
inline double fma_rd(double x, double y, double z) noexcept { return with_rounding(FE_DOWNWARD, [](auto a, auto b, auto c) { return std::fma(a, b, c); }, x, y, z); }
ALLOY_INTRINSIC("math.div_rz.f64")
inline double ddiv_rz(double x, double y) noexcept { return with_rounding(FE_TOWARDZERO, [](auto a, auto b) { return a / b; }, x, y); }
ALLOY_INTRINSIC("math.div_ru.f64")
inline double ddiv_ru(double x, double y) noexcept { return with_rounding(FE_UPWARD, [](auto a, auto b) { return a / b; }, x, y); }
ALLOY_INTRINSIC("math.div_rd.f64")
inline double ddiv_rd(double x, double y) noexcept { return with_rounding(FE_DOWNWARD, [](auto a, auto b) { return a / b; }, x, y); }
ALLOY_INTRINSIC("math.rcp_rz.f64")
inline double drcp_rz(double x) noexcept { return with_rounding(FE_TOWARDZERO, [](auto a) { return 1.0 / a; }, x); }
ALLOY_INTRINSIC("math.rcp_ru.f64")
inline double drcp_ru(double x) noexcept { return with_rounding(FE_UPWARD, [](auto a) { return 1.0 / a; }, x); }
ALLOY_INTRINSIC("math.rcp_rd.f64")
inline double drcp_rd(double x) noexcept { return with_rounding(FE_DOWNWARD, [](auto a) { return 1.0 / a; }, x); }
ALLOY_INTRINSIC("math.sqrt_rz.f64")
inline double dsqrt_rz(double x) noexcept { return with_rounding(FE_TOWARDZERO, [](auto a) { return std::sqrt(a); }, x); }
ALLOY_INTRINSIC("math.sqrt_ru.f64")
inline double dsqrt_ru(double x) noexcept { return with_rounding(FE_UPWARD, [](auto a) { return std::sqrt(a); }, x); }
ALLOY_INTRINSIC("math.sqrt_rd.f64")
inline double dsqrt_rd(double x) noexcept { return with_rounding(FE_DOWNWARD, [](auto a) { return std::sqrt(a); }, x); }
ALLOY_INTRINSIC("convert.f64_to_f32_ru")
inline float double2float_ru(double x) noexcept { return with_rounding(FE_UPWARD, [](auto a) { return float(a); }, x); }
ALLOY_INTRINSIC("convert.f64_to_f32_rd")
inline float double2float_rd(double x) noexcept { return with_rounding(FE_DOWNWARD, [](auto a) { return float(a); }, x); }
ALLOY_INTRINSIC("convert.f32_to_i32_rn")
inline int float2int_rn(float x) noexcept { return int(std::nearbyint(x)); }
ALLOY_INTRINSIC("convert.f32_to_i32_rd")
inline int float2int_rd(float x) noexcept { return int(std::floor(x)); }
ALLOY_INTRINSIC("convert.f32_to_i32_ru")
inline int float2int_ru(float x) noexcept { return int(std::ceil(x)); }
ALLOY_INTRINSIC("convert.f32_to_i32_rz")
inline int float2int_rz(float x) noexcept { return int(x); }
ALLOY_INTRINSIC("convert.f32_to_u32_rn")
inline unsigned float2uint_rn(float x) noexcept { return unsigned(std::nearbyint(x)); }
ALLOY_INTRINSIC("convert.f32_to_i64_rn")
inline long long float2ll_rn(float x) noexcept { return (long long)std::nearbyint(x); }
ALLOY_INTRINSIC("convert.f64_to_i32_rn")
inline int double2int_rn(double x) noexcept { return int(std::nearbyint(x)); }
ALLOY_INTRINSIC("convert.f64_to_f32_rn")
inline float double2float_rn(double x) noexcept { return float(x); }
ALLOY_INTRINSIC("convert.f64_to_f32_rz")
inline float double2float_rz(double x) noexcept { return with_rounding(FE_TOWARDZERO, [](auto a) { return float(a); }, x); }
ALLOY_INTRINSIC("convert.i32_to_f32_rn")
inline float int2float_rn(int x) noexcept { return float(x); }
ALLOY_INTRINSIC("int.byte_perm")
inline unsigned byte_perm(unsigned x, unsigned y, unsigned s) noexcept { return byte_perm_host(x, y, s); }
ALLOY_INTRINSIC("int.sad")
inline unsigned sad(int x, int y, unsigned z) noexcept { return unsigned(x > y ? x - y : y - x) + z; }
ALLOY_INTRINSIC("int.usad")
inline unsigned usad(unsigned x, unsigned y, unsigned z) noexcept { return (x > y ? x - y : y - x) + z; }
ALLOY_INTRINSIC("int.mul24")
inline int mul24(int x, int y) noexcept { return int(((long long)(x << 8 >> 8) * (y << 8 >> 8))); }
ALLOY_INTRINSIC("int.umul24")
inline unsigned umul24(unsigned x, unsigned y) noexcept { return (x & 0xffffffu) * (y & 0xffffffu); }
ALLOY_INTRINSIC("int.hadd")
inline int hadd(int x, int y) noexcept { return int(((long long)x + y) >> 1); }
ALLOY_INTRINSIC("int.rhadd")
inline int rhadd(int x, int y) noexcept { return int(((long long)x + y + 1) >> 1); }
ALLOY_INTRINSIC("int.uhadd")
inline unsigned uhadd(unsigned x, unsigned y) noexcept { return unsigned(((unsigned long long)x + y) >> 1); }
ALLOY_INTRINSIC("int.urhadd")
inline unsigned urhadd(unsigned x, unsigned y) noexcept { return unsigned(((unsigned long long)x + y + 1) >> 1); }

} // namespace gpu::detail

#endif // GPU_DETAIL_MATH_INTRINSICS_HPP
