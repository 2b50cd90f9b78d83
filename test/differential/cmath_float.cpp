// <cmath> on float: each case calls the C spelling (expf) and the std::
// overload (std::exp(float)) and stores both. Correctly rounded or exact
// functions (sqrt, rounding, fmin/fmax, fmod, remainder, ldexp, frexp, modf,
// copysign, nextafter, classification) compare bit for bit; the others
// within the bound of README.md's table: CUDA's documented maximum ulp
// error for the function plus glibc's (libm-test-ulps, x86_64,
// round-to-nearest).
#define DIFF_FAMILY "cmath_float"
#include "harness.hpp"

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <math.h>

namespace diff::cmath_float {

using gen::log_uniform;
using gen::mostly_f;

// C leaves signaling NaNs unspecified: pow(sNaN, 0) and hypot(inf, sNaN)
// are NaN with glibc, 1 and inf in CUDA (as with quiet NaNs everywhere).
// The pow and two-argument cases get quiet NaNs.
float quiet(float v) {
  uint32_t u = std::bit_cast<uint32_t>(v);
  return (u & 0x7f800000u) == 0x7f800000u && (u & 0x007fffffu) != 0
             ? std::bit_cast<float>(u | 0x00400000u)
             : v;
}

// ---------------------------------------------------------- domains --
// Host only. Each keeps about 8% of the generator's values (special
// values: 0, -0, inf, NaN, denormals, huge) and draws the rest from the
// function's interesting range.

void trig_domain(Input &in, rng &r) {
  in.f = r.chance(0.1) ? float(log_uniform(r, -20, 30))
                       : mostly_f(r, in.f, -100, 100);
}
void exp_domain(Input &in, rng &r) {
  in.f = r.chance(0.05) ? float(r.uniform(85, 90) * (r.chance(0.5) ? 1 : -1.2))
                        : mostly_f(r, in.f, -100, 100);
}
void positive_domain(Input &in, rng &r) { // log and friends
  if (!r.chance(0.1))
    in.f = r.chance(0.2) ? float(r.uniform(0.5, 2.0))
                         : std::fabs(float(log_uniform(r, -149, 128)));
}
void log1p_domain(Input &in, rng &r) {
  if (!r.chance(0.08))
    in.f = r.chance(0.5) ? float(r.uniform(-1, 1))
                         : float(log_uniform(r, -40, 100));
}
void unit_domain(Input &in, rng &r) { // asin, acos, atanh
  in.f = r.chance(0.1) ? float(log_uniform(r, -40, 0))
                       : mostly_f(r, in.f, -1.05, 1.05);
}
void tanh_domain(Input &in, rng &r) {
  in.f = r.chance(0.2) ? float(log_uniform(r, -30, 5))
                       : mostly_f(r, in.f, -12, 12);
}
void erf_domain(Input &in, rng &r) { in.f = mostly_f(r, in.f, -6, 6); }
void erfc_domain(Input &in, rng &r) { in.f = mostly_f(r, in.f, -4, 10); }
void two_wide_domain(Input &in, rng &r) { // atan2, hypot
  in.f = quiet(in.f);
  in.g = quiet(in.g);
  if (!r.chance(0.1))
    in.f = float(log_uniform(r, -60, 60));
  if (!r.chance(0.1))
    in.g = float(log_uniform(r, -60, 60));
}
void pow_special_domain(Input &in, rng &) {
  in.f = quiet(in.f);
  in.g = quiet(in.g);
  in.h = quiet(in.h);
}
void pow_domain(Input &in, rng &r) {
  pow_special_domain(in, r);
  switch (r.below(6)) {
  case 0: // anything: specials
    break;
  case 1: // negative base, integral exponent
    in.f = float(-r.uniform(0, 10));
    in.g = float(r.range(-20, 20));
    break;
  case 2: // near 1 with big exponents
    in.f = float(r.uniform(0.9, 1.1));
    in.g = float(r.uniform(-500, 500));
    break;
  default:
    in.f = float(r.uniform(0, 20));
    in.g = float(r.uniform(-25, 25));
  }
}
void rounding_domain(Input &in, rng &r) { // halfway cases and large values
  if (r.chance(0.5))
    in.f = float(r.range(-2000, 2000)) * 0.5f;
  else if (r.chance(0.5))
    in.f = float(r.range(-(1 << 24), 1 << 24)) * 0.25f;
}
void fmod_domain(Input &in, rng &r) {
  if (!r.chance(0.1))
    in.f = float(log_uniform(r, -30, 60));
  if (!r.chance(0.1))
    in.g = r.chance(0.5) ? float(r.range(-10, 10))
                         : float(log_uniform(r, -30, 30));
}
void ldexp_domain(Input &in, rng &r) {
  in.e = uint32_t(int32_t(r.range(-330, 330)));
}
void lrint_domain(Input &in,
                  rng &r) { // lrint and lround need a result in range
  float v = in.f;
  if (!(v > -2.0e9f && v < 2.0e9f))
    v = float(r.uniform(-2e9, 2e9));
  if (r.chance(0.5))
    v = float(r.range(-4000, 4000)) * 0.5f;
  in.f = v;
}

// Zero results of fmin/fmax: C leaves the sign of fmin(-0, +0) unspecified
// (glibc and CUDA may differ), so zero is stored as +0.
// Finite (not inf, not NaN), without <cmath>'s classification functions
// (they have their own case).
bool finite(float v) {
  return v == v && v != std::numeric_limits<float>::infinity() &&
         v != -std::numeric_limits<float>::infinity();
}

float plus_zero(float v) { return v == 0.0f ? 0.0f : v; }

// ------------------------------------------------------------ exact --

DIFF_CASE(sqrtf, diff::exact) {
  out.f[0] = ::sqrtf(in.f);
  out.f[1] = std::sqrt(in.f);
}
DIFF_CASE(fabsf, diff::exact) {
  out.f[0] = ::fabsf(in.f);
  out.f[1] = std::fabs(in.g);
  out.f[2] = std::abs(in.h);
}
DIFF_CASE(floorf_ceilf, diff::exact, rounding_domain) {
  out.f[0] = ::floorf(in.f);
  out.f[1] = std::floor(in.f);
  out.f[2] = ::ceilf(in.f);
  out.f[3] = std::ceil(in.f);
}
DIFF_CASE(truncf_roundf, diff::exact, rounding_domain) {
  out.f[0] = ::truncf(in.f);
  out.f[1] = std::trunc(in.f);
  out.f[2] = ::roundf(in.f); // halfway away from zero
  out.f[3] = std::round(in.f);
}
DIFF_CASE(rintf_nearbyintf, diff::exact, rounding_domain) {
  out.f[0] = ::rintf(in.f); // halfway to even (default rounding mode)
  out.f[1] = std::rint(in.f);
  out.f[2] = ::nearbyintf(in.f);
  out.f[3] = std::nearbyint(in.f);
}
DIFF_CASE(lrintf_lroundf, diff::exact, lrint_domain) {
  out.r[0] = uint64_t(::lrintf(in.f));
  out.r[1] = uint64_t(std::lround(in.f));
  out.r[2] = uint64_t(::llrintf(in.f));
  out.r[3] = uint64_t(std::llround(in.f));
}
DIFF_CASE(fminf_fmaxf, diff::exact) {
  out.f[0] = plus_zero(::fminf(in.f, in.g)); // NaN operands are ignored
  out.f[1] = plus_zero(std::fmin(in.f, in.g));
  out.f[2] = plus_zero(::fmaxf(in.f, in.g));
  out.f[3] = plus_zero(std::fmax(in.f, in.g));
}
DIFF_CASE(fdimf, diff::exact) {
  out.f[0] = ::fdimf(in.f, in.g);
  out.f[1] = std::fdim(in.f, in.g);
}
DIFF_CASE(fmodf, diff::exact, fmod_domain) {
  out.f[0] = ::fmodf(in.f, in.g);
  out.f[1] = std::fmod(in.f, in.g);
}
DIFF_CASE(remainderf, diff::exact, fmod_domain) {
  out.f[0] = ::remainderf(in.f, in.g);
  out.f[1] = std::remainder(in.f, in.g);
  int q = 0;
  out.f[2] = ::remquof(in.f, in.g, &q);
  // remquo: only the low 3 bits of the quotient's magnitude are specified
  // (C: "n >= 3" bits), and its sign, which an int of magnitude 0 cannot
  // carry: the sign is compared only when those bits are not all zero.
  uint32_t low = uint32_t(q < 0 ? -int64_t(q) : q) & 7;
  out.r[0] = finite(out.f[2]) ? (low ? uint64_t(q < 0) << 8 : 0) | low : 0;
}
DIFF_CASE(copysignf, diff::exact) {
  out.f[0] = ::copysignf(in.f, in.g); // the sign of a NaN operand counts
  out.f[1] = std::copysign(in.f, in.h);
}
DIFF_CASE(nextafterf, diff::exact) {
  out.f[0] = ::nextafterf(in.f, in.g);
  out.f[1] = std::nextafter(in.f, in.h);
}
DIFF_CASE(ldexpf_scalbnf, diff::exact, ldexp_domain) {
  int e = int32_t(in.e);
  out.f[0] = ::ldexpf(in.f, e);
  out.f[1] = std::ldexp(in.f, e);
  out.f[2] = ::scalbnf(in.g, e);
  out.f[3] = std::scalbn(in.g, e);
}
DIFF_CASE(frexpf, diff::exact) {
  int e1 = 0, e2 = 0;
  out.f[0] = ::frexpf(in.f, &e1);
  out.f[1] = std::frexp(in.g, &e2);
  // The exponent of inf and NaN is unspecified.
  out.r[0] = finite(in.f) ? uint64_t(int64_t(e1)) : 0;
  out.r[1] = finite(in.g) ? uint64_t(int64_t(e2)) : 0;
}
DIFF_CASE(modff, diff::exact) {
  float ip1 = 0, ip2 = 0;
  out.f[0] = ::modff(in.f, &ip1);
  out.f[1] = ip1;
  out.f[2] = std::modf(in.g, &ip2);
  out.f[3] = ip2;
}
DIFF_CASE(logbf_ilogbf, diff::exact) {
  out.f[0] = ::logbf(in.f);
  out.f[1] = std::logb(in.g);
  // FP_ILOGB0 and FP_ILOGBNAN are INT_MIN with glibc on x86-64 and in CUDA.
  out.r[0] = uint64_t(int64_t(::ilogbf(in.f)));
  out.r[1] = uint64_t(int64_t(std::ilogb(in.g)));
}
DIFF_CASE(classification, diff::exact) {
  float v = in.f;
  out.r[0] = uint64_t(std::isnan(v)) | uint64_t(std::isinf(v)) << 1 |
             uint64_t(std::isfinite(v)) << 2 | uint64_t(std::signbit(v)) << 3 |
             uint64_t(std::isnormal(v)) << 4;
  out.r[1] = uint64_t(int64_t(std::fpclassify(v)));
  out.r[2] = uint64_t(isnan(in.g)) | uint64_t(isinf(in.g)) << 1 |
             uint64_t(signbit(in.g)) << 2 | uint64_t(isfinite(in.g)) << 3;
  out.r[3] = uint64_t(std::isless(in.f, in.g)) |
             uint64_t(std::isunordered(in.f, in.g)) << 1 |
             uint64_t(std::isgreaterequal(in.f, in.g)) << 2 |
             uint64_t(std::islessgreater(in.f, in.g)) << 3;
}
DIFF_CASE(constants_and_nan, diff::exact) {
  out.f[0] = ::nanf("");
  out.f[1] = in.e & 1 ? INFINITY : -INFINITY;
  out.f[2] = in.e & 2 ? HUGE_VALF : NAN;
  out.r[0] = uint64_t(std::isnan(::nanf(""))) |
             uint64_t(in.f == INFINITY) << 1 |
             uint64_t(in.f == -HUGE_VALF) << 2 | uint64_t(std::isnan(NAN)) << 3;
  out.f[3] = std::numeric_limits<float>::infinity();
}

// ------------------------------------------------------ within ulps --

DIFF_CASE(expf, diff::ulp(3, 0), exp_domain) {
  out.f[0] = ::expf(in.f);
  out.f[1] = std::exp(in.f);
}
DIFF_CASE(exp2f, diff::ulp(3, 0), exp_domain) {
  out.f[0] = ::exp2f(in.f);
  out.f[1] = std::exp2(in.f);
}
DIFF_CASE(expm1f, diff::ulp(2, 0), exp_domain) {
  out.f[0] = ::expm1f(in.f);
  out.f[1] = std::expm1(in.f);
}
DIFF_CASE(logf, diff::ulp(2, 0), positive_domain) {
  out.f[0] = ::logf(in.f);
  out.f[1] = std::log(in.f);
}
DIFF_CASE(log2f, diff::ulp(2, 0), positive_domain) {
  out.f[0] = ::log2f(in.f);
  out.f[1] = std::log2(in.f);
}
DIFF_CASE(log10f, diff::ulp(4, 0), positive_domain) {
  out.f[0] = ::log10f(in.f);
  out.f[1] = std::log10(in.f);
}
DIFF_CASE(log1pf, diff::ulp(2, 0), log1p_domain) {
  out.f[0] = ::log1pf(in.f);
  out.f[1] = std::log1p(in.f);
}
DIFF_CASE(sinf, diff::ulp(3, 0), trig_domain) {
  out.f[0] = ::sinf(in.f);
  out.f[1] = std::sin(in.f);
}
DIFF_CASE(cosf, diff::ulp(3, 0), trig_domain) {
  out.f[0] = ::cosf(in.f);
  out.f[1] = std::cos(in.f);
}
DIFF_CASE(tanf, diff::ulp(5, 0), trig_domain) {
  out.f[0] = ::tanf(in.f);
  out.f[1] = std::tan(in.f);
}
DIFF_CASE(asinf, diff::ulp(3, 0), unit_domain) {
  out.f[0] = ::asinf(in.f);
  out.f[1] = std::asin(in.f);
}
DIFF_CASE(acosf, diff::ulp(3, 0), unit_domain) {
  out.f[0] = ::acosf(in.f);
  out.f[1] = std::acos(in.f);
}
DIFF_CASE(atanf, diff::ulp(3, 0)) {
  out.f[0] = ::atanf(in.f);
  out.f[1] = std::atan(in.f);
}
DIFF_CASE(atan2f, diff::ulp(4, 0), two_wide_domain) {
  out.f[0] = ::atan2f(in.f, in.g);
  out.f[1] = std::atan2(in.f, in.g);
}
DIFF_CASE(sinhf, diff::ulp(5, 0), tanh_domain) {
  out.f[0] = ::sinhf(in.f);
  out.f[1] = std::sinh(in.f);
}
DIFF_CASE(coshf, diff::ulp(4, 0), tanh_domain) {
  out.f[0] = ::coshf(in.f);
  out.f[1] = std::cosh(in.f);
}
DIFF_CASE(tanhf, diff::ulp(4, 0), tanh_domain) {
  out.f[0] = ::tanhf(in.f);
  out.f[1] = std::tanh(in.f);
}
DIFF_CASE(asinhf, diff::ulp(5, 0), two_wide_domain) {
  out.f[0] = ::asinhf(in.f);
  out.f[1] = std::asinh(in.f);
}
DIFF_CASE(acoshf, diff::ulp(6, 0), positive_domain) {
  out.f[0] = ::acoshf(in.f + 1.0f);
  out.f[1] = std::acosh(in.f);
}
DIFF_CASE(atanhf, diff::ulp(5, 0), unit_domain) {
  out.f[0] = ::atanhf(in.f);
  out.f[1] = std::atanh(in.f);
}
DIFF_CASE(powf, diff::ulp(5, 0), pow_domain) {
  out.f[0] = ::powf(in.f, in.g);
  out.f[1] = std::pow(in.f, in.g);
}
DIFF_CASE(powf_special_values, diff::ulp(5, 0), pow_special_domain) {
  // The generator's own mix: zeros, infinities, NaN, negative bases.
  out.f[0] = ::powf(in.f, in.g);
  out.f[1] = std::pow(in.h, float(int32_t(in.e % 11) - 5));
}
DIFF_CASE(erff, diff::ulp(3, 0), erf_domain) {
  out.f[0] = ::erff(in.f);
  out.f[1] = std::erf(in.f);
}
DIFF_CASE(erfcf, diff::ulp(7, 0), erfc_domain) {
  out.f[0] = ::erfcf(in.f);
  out.f[1] = std::erfc(in.f);
}
DIFF_CASE(cbrtf, diff::ulp(2, 0)) {
  out.f[0] = ::cbrtf(in.f);
  out.f[1] = std::cbrt(in.g);
}
DIFF_CASE(hypotf, diff::ulp(4, 0), two_wide_domain) {
  out.f[0] = ::hypotf(in.f, in.g);
  out.f[1] = std::hypot(in.f, in.g);
}
DIFF_CASE(sinf_large_arguments, diff::ulp(3, 0)) {
  // The generator's whole range: up to 3.4e38 (full argument reduction).
  out.f[0] = ::sinf(in.f);
  out.f[1] = std::cos(in.g);
}

} // namespace diff::cmath_float
