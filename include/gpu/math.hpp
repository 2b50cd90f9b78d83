// Math beyond <cmath> for device code. <cmath> itself works in kernels
// (std::exp, expf, ...) with libdevice's accuracy, the same as CUDA's
// default; these add what CUDA has besides.
//
// gpu::fast:: are the hardware approximations CUDA calls __expf, __sinf,
// __fdividef ...: much faster, much less accurate (the error bounds are
// CUDA's, listed in docs/cxx-in-kernels.md). On the host they are the exact
// functions.
#ifndef GPU_MATH_HPP
#define GPU_MATH_HPP

#include <gpu/detail/math_intrinsics.hpp>

namespace gpu {

namespace fast {
// e^x: 2 + floor(abs(1.173 * x)) ulp (ex2.approx).
inline float exp(float x) noexcept { return detail::fast_expf(x); }
// 10^x: 2 + floor(abs(2.97 * x)) ulp.
inline float exp10(float x) noexcept { return detail::fast_exp10f(x); }
// ln x: absolute error 2^-21.41 in [0.5, 2], else 3 ulp.
inline float log(float x) noexcept { return detail::fast_logf(x); }
// log2 x: absolute error 2^-22 in [0.5, 2], else 2 ulp.
inline float log2(float x) noexcept { return detail::fast_log2f(x); }
// log10 x: absolute error 2^-24 in [0.5, 2], else 3 ulp.
inline float log10(float x) noexcept { return detail::fast_log10f(x); }
// sin x: absolute error 2^-21.41 in [-pi, pi], larger outside.
inline float sin(float x) noexcept { return detail::fast_sinf(x); }
// cos x: absolute error 2^-21.19 in [-pi, pi], larger outside.
inline float cos(float x) noexcept { return detail::fast_cosf(x); }
// tan x: derived from sin and cos.
inline float tan(float x) noexcept { return detail::fast_tanf(x); }
// tanh x: tanh.approx.f32, relative error 2^-11.
inline float tanh(float x) noexcept { return detail::fast_tanhf(x); }
// x^y: derived from exp and log.
inline float pow(float x, float y) noexcept { return detail::fast_powf(x, y); }
// x / y: 2 ulp for |y| in [2^-126, 2^126], else 0 (CUDA's __fdividef).
inline float divide(float x, float y) noexcept {
  return detail::fast_dividef(x, y);
}
inline void sincos(float x, float *s, float *c) noexcept {
  *s = detail::fast_sinf(x);
  *c = detail::fast_cosf(x);
}
} // namespace fast

// 1 / sqrt(x): 2 ulp (float), 1 ulp (double); CUDA's rsqrtf / rsqrt.
inline float rsqrt(float x) noexcept { return detail::rsqrtf(x); }
inline double rsqrt(double x) noexcept { return detail::rsqrt(x); }
// 1 / cbrt(x): 1 ulp.
inline float rcbrt(float x) noexcept { return detail::rcbrtf(x); }
inline double rcbrt(double x) noexcept { return detail::rcbrt(x); }
// x clamped to [0, 1], NaN to 0 (CUDA's __saturatef).
inline float saturate(float x) noexcept { return detail::saturatef(x); }
// sin(pi x), cos(pi x): 1 ulp (float), 2 ulp (double).
inline float sinpi(float x) noexcept { return detail::sinpif(x); }
inline double sinpi(double x) noexcept { return detail::sinpi(x); }
inline float cospi(float x) noexcept { return detail::cospif(x); }
inline double cospi(double x) noexcept { return detail::cospi(x); }
// The inverse error function: 2 ulp (float), 5 ulp (double).
inline float erfinv(float x) noexcept { return detail::erfinvf(x); }
inline double erfinv(double x) noexcept { return detail::erfinv(x); }
// The standard normal CDF: 5 ulp.
inline float normcdf(float x) noexcept { return detail::normcdff(x); }
inline double normcdf(double x) noexcept { return detail::normcdf(x); }

} // namespace gpu

#endif // GPU_MATH_HPP
