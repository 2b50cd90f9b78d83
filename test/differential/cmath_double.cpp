// <cmath> on double: each case calls the C spelling (exp) and the std::
// overload (std::exp(double)) and stores both (x[0], x[1]). Exact functions
// compare bit for bit, the others within README.md's bounds (CUDA's maximum
// ulp error plus glibc's).
#define DIFF_FAMILY "cmath_double"
#include "harness.hpp"

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <math.h>

namespace diff::cmath_double {

using gen::log_uniform;
using gen::mostly;

// C leaves signaling NaNs unspecified: pow(sNaN, 0) and hypot(inf, sNaN)
// are NaN with glibc, 1 and inf in CUDA (as with quiet NaNs everywhere).
// The pow and two-argument cases get quiet NaNs.
double quiet(double v) {
  uint64_t u = std::bit_cast<uint64_t>(v);
  return (u & 0x7ff0000000000000ull) == 0x7ff0000000000000ull &&
                 (u & 0x000fffffffffffffull) != 0
             ? std::bit_cast<double>(u | 0x0008000000000000ull)
             : v;
}

// ---------------------------------------------------------- domains --

void trig_domain(Input &in, rng &r) {
  in.x = r.chance(0.1) ? log_uniform(r, -30, 60) : mostly(r, in.x, -100, 100);
  in.y = mostly(r, in.y, -1e6, 1e6);
}
void exp_domain(Input &in, rng &r) {
  in.x = r.chance(0.05) ? r.uniform(700, 750) * (r.chance(0.5) ? 1 : -1.05)
                        : mostly(r, in.x, -300, 300);
}
void positive_domain(Input &in, rng &r) {
  if (!r.chance(0.1))
    in.x = r.chance(0.2) ? r.uniform(0.5, 2.0)
                         : std::fabs(log_uniform(r, -1074, 1024));
}
void log1p_domain(Input &in, rng &r) {
  if (!r.chance(0.08))
    in.x = r.chance(0.5) ? r.uniform(-1, 1) : log_uniform(r, -60, 300);
}
void unit_domain(Input &in, rng &r) {
  in.x = r.chance(0.1) ? log_uniform(r, -60, 0) : mostly(r, in.x, -1.05, 1.05);
}
void tanh_domain(Input &in, rng &r) {
  in.x = r.chance(0.2) ? log_uniform(r, -60, 6) : mostly(r, in.x, -25, 25);
}
void erf_domain(Input &in, rng &r) { in.x = mostly(r, in.x, -7, 7); }
void erfc_domain(Input &in, rng &r) { in.x = mostly(r, in.x, -6, 27); }
void two_wide_domain(Input &in, rng &r) {
  in.x = quiet(in.x);
  in.y = quiet(in.y);
  if (!r.chance(0.1))
    in.x = log_uniform(r, -200, 200);
  if (!r.chance(0.1))
    in.y = log_uniform(r, -200, 200);
}
void pow_special_domain(Input &in, rng &) {
  in.x = quiet(in.x);
  in.y = quiet(in.y);
  in.z = quiet(in.z);
}
void pow_domain(Input &in, rng &r) {
  pow_special_domain(in, r);
  switch (r.below(6)) {
  case 0:
    break;
  case 1:
    in.x = -r.uniform(0, 10);
    in.y = double(r.range(-60, 60));
    break;
  case 2:
    in.x = r.uniform(0.99, 1.01);
    in.y = r.uniform(-5000, 5000);
    break;
  default:
    in.x = r.uniform(0, 50);
    in.y = r.uniform(-150, 150);
  }
}
void rounding_domain(Input &in, rng &r) {
  if (r.chance(0.5))
    in.x = double(r.range(-2000, 2000)) * 0.5;
  else if (r.chance(0.5))
    in.x = double(r.range(-(int64_t(1) << 53), int64_t(1) << 53)) * 0.25;
}
void fmod_domain(Input &in, rng &r) {
  if (!r.chance(0.1))
    in.x = log_uniform(r, -60, 200);
  if (!r.chance(0.1))
    in.y = r.chance(0.5) ? double(r.range(-10, 10)) : log_uniform(r, -60, 60);
}
void ldexp_domain(Input &in, rng &r) {
  in.e = uint32_t(int32_t(r.range(-2200, 2200)));
}
void lrint_domain(Input &in, rng &r) {
  double v = in.x;
  if (!(v > -9.0e18 && v < 9.0e18))
    v = r.uniform(-9e18, 9e18);
  if (r.chance(0.5))
    v = double(r.range(-4000, 4000)) * 0.5;
  in.x = v;
}

// Finite (not inf, not NaN), without <cmath>'s classification functions
// (they have their own case).
bool finite(double v) {
  return v == v && v != std::numeric_limits<double>::infinity() &&
         v != -std::numeric_limits<double>::infinity();
}

double plus_zero(double v) { return v == 0.0 ? 0.0 : v; }

// ------------------------------------------------------------ exact --

DIFF_CASE(sqrt, diff::exact) {
  out.x[0] = ::sqrt(in.x);
  out.x[1] = std::sqrt(in.y);
}
DIFF_CASE(fabs, diff::exact) {
  out.x[0] = ::fabs(in.x);
  out.x[1] = std::abs(in.y);
}
DIFF_CASE(floor_ceil, diff::exact, rounding_domain) {
  out.x[0] = ::floor(in.x);
  out.x[1] = std::ceil(in.x);
  out.r[0] = std::floor(in.x) == ::ceil(in.x); // integral (or inf)
}
DIFF_CASE(trunc_round, diff::exact, rounding_domain) {
  out.x[0] = ::trunc(in.x);
  out.x[1] = std::round(in.x);
}
DIFF_CASE(rint_nearbyint, diff::exact, rounding_domain) {
  out.x[0] = ::rint(in.x);
  out.x[1] = std::nearbyint(in.x);
}
DIFF_CASE(lrint_lround, diff::exact, lrint_domain) {
  out.r[0] = uint64_t(::lrint(in.x));
  out.r[1] = uint64_t(std::lround(in.x));
  out.r[2] = uint64_t(::llrint(in.x));
  out.r[3] = uint64_t(std::llround(in.x));
}
DIFF_CASE(fmin_fmax, diff::exact) {
  out.x[0] = plus_zero(::fmin(in.x, in.y));
  out.x[1] = plus_zero(std::fmax(in.x, in.y));
}
DIFF_CASE(fdim, diff::exact) {
  out.x[0] = ::fdim(in.x, in.y);
  out.x[1] = std::fdim(in.y, in.z);
}
DIFF_CASE(fmod, diff::exact, fmod_domain) {
  out.x[0] = ::fmod(in.x, in.y);
  out.x[1] = std::fmod(in.x, in.y);
}
DIFF_CASE(remainder, diff::exact, fmod_domain) {
  out.x[0] = ::remainder(in.x, in.y);
  int q = 0;
  out.x[1] = std::remquo(in.x, in.y, &q);
  // Only the low 3 bits of |quotient| are specified, and the sign when they
  // are not all zero (see cmath_float.remainderf).
  uint32_t low = uint32_t(q < 0 ? -int64_t(q) : q) & 7;
  out.r[0] = finite(out.x[1]) ? (low ? uint64_t(q < 0) << 8 : 0) | low : 0;
}
DIFF_CASE(copysign, diff::exact) {
  out.x[0] = ::copysign(in.x, in.y);
  out.x[1] = std::copysign(in.y, in.z);
}
DIFF_CASE(nextafter, diff::exact) {
  out.x[0] = ::nextafter(in.x, in.y);
  out.x[1] = std::nextafter(in.z, in.x);
}
DIFF_CASE(ldexp_scalbn, diff::exact, ldexp_domain) {
  int e = int32_t(in.e);
  out.x[0] = ::ldexp(in.x, e);
  out.x[1] = std::scalbn(in.y, e);
}
DIFF_CASE(frexp, diff::exact) {
  int e1 = 0, e2 = 0;
  out.x[0] = ::frexp(in.x, &e1);
  out.x[1] = std::frexp(in.y, &e2);
  out.r[0] = finite(in.x) ? uint64_t(int64_t(e1)) : 0;
  out.r[1] = finite(in.y) ? uint64_t(int64_t(e2)) : 0;
}
DIFF_CASE(modf, diff::exact) {
  double ip = 0;
  out.x[0] = ::modf(in.x, &ip);
  out.x[1] = ip;
}
DIFF_CASE(logb_ilogb, diff::exact) {
  out.x[0] = ::logb(in.x);
  out.x[1] = std::logb(in.y);
  out.r[0] = uint64_t(int64_t(::ilogb(in.x)));
  out.r[1] = uint64_t(int64_t(std::ilogb(in.y)));
}
DIFF_CASE(classification, diff::exact) {
  double v = in.x;
  out.r[0] = uint64_t(std::isnan(v)) | uint64_t(std::isinf(v)) << 1 |
             uint64_t(std::isfinite(v)) << 2 | uint64_t(std::signbit(v)) << 3 |
             uint64_t(std::isnormal(v)) << 4;
  out.r[1] = uint64_t(int64_t(std::fpclassify(v)));
  out.r[2] = uint64_t(isnan(in.y)) | uint64_t(isinf(in.y)) << 1 |
             uint64_t(signbit(in.y)) << 2;
  out.r[3] = uint64_t(std::isless(in.x, in.y)) |
             uint64_t(std::isunordered(in.x, in.y)) << 1;
}
DIFF_CASE(constants_and_nan, diff::exact) {
  out.x[0] = ::nan("");
  out.x[1] = in.e & 1 ? HUGE_VAL : -double(INFINITY);
  out.r[0] = uint64_t(std::isnan(::nan(""))) | uint64_t(in.x == HUGE_VAL) << 1 |
             uint64_t(std::isnan(double(NAN))) << 2 |
             uint64_t(in.x == -std::numeric_limits<double>::infinity()) << 3;
}

// ------------------------------------------------------ within ulps --

DIFF_CASE(exp, diff::ulp(0, 2), exp_domain) {
  out.x[0] = ::exp(in.x);
  out.x[1] = std::exp(in.x);
}
DIFF_CASE(exp2, diff::ulp(0, 2), exp_domain) {
  out.x[0] = ::exp2(in.x);
  out.x[1] = std::exp2(in.x);
}
DIFF_CASE(expm1, diff::ulp(0, 2), exp_domain) {
  out.x[0] = ::expm1(in.x);
  out.x[1] = std::expm1(in.x);
}
DIFF_CASE(log, diff::ulp(0, 2), positive_domain) {
  out.x[0] = ::log(in.x);
  out.x[1] = std::log(in.x);
}
DIFF_CASE(log2, diff::ulp(0, 3), positive_domain) {
  out.x[0] = ::log2(in.x);
  out.x[1] = std::log2(in.x);
}
DIFF_CASE(log10, diff::ulp(0, 3), positive_domain) {
  out.x[0] = ::log10(in.x);
  out.x[1] = std::log10(in.x);
}
DIFF_CASE(log1p, diff::ulp(0, 2), log1p_domain) {
  out.x[0] = ::log1p(in.x);
  out.x[1] = std::log1p(in.x);
}
DIFF_CASE(sin, diff::ulp(0, 3), trig_domain) {
  out.x[0] = ::sin(in.x);
  out.x[1] = std::sin(in.y);
}
DIFF_CASE(cos, diff::ulp(0, 3), trig_domain) {
  out.x[0] = ::cos(in.x);
  out.x[1] = std::cos(in.y);
}
DIFF_CASE(tan, diff::ulp(0, 3), trig_domain) {
  out.x[0] = ::tan(in.x);
  out.x[1] = std::tan(in.y);
}
DIFF_CASE(asin, diff::ulp(0, 3), unit_domain) {
  out.x[0] = ::asin(in.x);
  out.x[1] = std::asin(in.x);
}
DIFF_CASE(acos, diff::ulp(0, 3), unit_domain) {
  out.x[0] = ::acos(in.x);
  out.x[1] = std::acos(in.x);
}
DIFF_CASE(atan, diff::ulp(0, 3)) {
  out.x[0] = ::atan(in.x);
  out.x[1] = std::atan(in.y);
}
DIFF_CASE(atan2, diff::ulp(0, 3), two_wide_domain) {
  out.x[0] = ::atan2(in.x, in.y);
  out.x[1] = std::atan2(in.y, in.x);
}
DIFF_CASE(sinh, diff::ulp(0, 4), tanh_domain) {
  out.x[0] = ::sinh(in.x);
  out.x[1] = std::sinh(in.x);
}
DIFF_CASE(cosh, diff::ulp(0, 3), tanh_domain) {
  out.x[0] = ::cosh(in.x);
  out.x[1] = std::cosh(in.x);
}
DIFF_CASE(tanh, diff::ulp(0, 3), tanh_domain) {
  out.x[0] = ::tanh(in.x);
  out.x[1] = std::tanh(in.x);
}
DIFF_CASE(asinh, diff::ulp(0, 5), two_wide_domain) {
  out.x[0] = ::asinh(in.x);
  out.x[1] = std::asinh(in.y);
}
DIFF_CASE(acosh, diff::ulp(0, 5), positive_domain) {
  out.x[0] = ::acosh(in.x + 1.0);
  out.x[1] = std::acosh(in.x);
}
DIFF_CASE(atanh, diff::ulp(0, 4), unit_domain) {
  out.x[0] = ::atanh(in.x);
  out.x[1] = std::atanh(in.x);
}
DIFF_CASE(pow, diff::ulp(0, 3), pow_domain) {
  out.x[0] = ::pow(in.x, in.y);
  out.x[1] = std::pow(in.x, in.y);
}
DIFF_CASE(pow_special_values, diff::ulp(0, 3), pow_special_domain) {
  out.x[0] = ::pow(in.x, in.y);
  out.x[1] = std::pow(in.z, double(int32_t(in.e % 11) - 5));
}
DIFF_CASE(erf, diff::ulp(0, 3), erf_domain) {
  out.x[0] = ::erf(in.x);
  out.x[1] = std::erf(in.x);
}
DIFF_CASE(erfc, diff::ulp(0, 10), erfc_domain) {
  out.x[0] = ::erfc(in.x);
  out.x[1] = std::erfc(in.x);
}
DIFF_CASE(cbrt, diff::ulp(0, 5)) {
  out.x[0] = ::cbrt(in.x);
  out.x[1] = std::cbrt(in.y);
}
DIFF_CASE(hypot, diff::ulp(0, 3), two_wide_domain) {
  out.x[0] = ::hypot(in.x, in.y);
  out.x[1] = std::hypot(in.y, in.x);
}
// The float overloads chosen by std:: for integer arguments: double.
DIFF_CASE(integer_arguments, diff::ulp(0, 3)) {
  int32_t i = int32_t(in.c % 2000) - 1000;
  out.x[0] = std::sqrt(i < 0 ? -i : i); // sqrt(int) -> double
  out.x[1] = std::exp(i % 50);
}

} // namespace diff::cmath_double
