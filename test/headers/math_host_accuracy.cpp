// RUN: %clangxx -O2 %s -o %t && %t | FileCheck %s
// RUN: %clangxx -O2 -ffast-math -Werror -fsyntax-only %s
// The host bodies of gpu::sinpi, cospi, erfinv and normcdf (what host code
// and the CPU device compute) within a few ulp of a long double reference.
// They once computed sin(x * pi) after rounding the product (sinpi(-7) was
// 1.3e-6, sinpi(1e6f) 0.096) and iterated erf in float near 1 (erfinv was
// thousands of ulp off there).
#include <gpu/math.hpp>

#include <cmath>
#include <cstdio>
#include <initializer_list>

namespace {
int bad = 0;
template <class T> double ulps(T got, long double want) {
  T w = T(want);
  if (got == w) // the reference rounded to T
    return 0;
  T step = std::nextafter(w, got) - w;
  return double(std::fabs((long double)got - want) / std::fabs((long double)step));
}
template <class T> void expect(const char *what, T got, long double want, double max_ulps) {
  double u = ulps(got, want);
  if (!(u <= max_ulps)) {
    ++bad;
    std::printf("%s = %.17g, want %.17Lg (%g ulp)\n", what, double(got), want, u);
  }
}
} // namespace

int main() {
  const long double pi = 3.141592653589793238462643383279502884L;
  for (float x : {-7.0f, 1e6f, 65536.0f, 3.0f, -0.0f})
    expect("sinpi(float integer)", gpu::sinpi(x), 0.0L, 0);
  for (float x : {0.5f, 65.5f, -1.5f, 1e5f + 0.5f})
    expect("cospi(float half)", gpu::cospi(x), 0.0L, 0);
  for (float x : {0.25f, 0.1f, -2.3f, 1e3f + 0.125f, 123456.75f})
    expect("sinpi(float)", gpu::sinpi(x), std::sin(pi * (long double)std::fmod((long double)x, 2.0L)), 1);
  for (float x : {0.25f, 0.1f, -2.3f, 1e3f + 0.125f, 123456.75f})
    expect("cospi(float)", gpu::cospi(x), std::cos(pi * (long double)std::fmod((long double)x, 2.0L)), 1);
  for (double x : {-7.0, 1e15, 3.0})
    expect("sinpi(double integer)", gpu::sinpi(x), 0.0L, 0);
  for (double x : {0.1, -2.3, 12345.678})
    expect("sinpi(double)", gpu::sinpi(x), std::sin(pi * std::fmod((long double)x, 2.0L)), 2);
  for (float y : {-0.999999f, 0.9999999f, 0.5f, -0.1f, 1e-6f})
    expect("erfinv(float)", gpu::erfinv(y), [&] {
      long double x = gpu::erfinv(double(y));
      return x;
    }(), 2);
  // erfinv(double): the root of erf(x) = y within 2 ulp of the result.
  for (double y : {0.999999999999, -0.99, 0.3, 1e-10, 0.75}) {
    double x = gpu::erfinv(y);
    double lo = x, hi = x;
    for (int i = 0; i < 2; ++i) {
      lo = std::nextafter(lo, -1e300);
      hi = std::nextafter(hi, 1e300);
    }
    if (!(std::erf((long double)lo) <= y && y <= std::erf((long double)hi))) {
      ++bad;
      std::printf("erfinv(%.17g) = %.17g: the root is not within 2 ulp\n", y, x);
    }
  }
  for (float x : {-11.9f, -5.0f, 0.0f, 2.5f})
    expect("normcdf(float)", gpu::normcdf(x),
           0.5L * std::erfc(-(long double)x / std::sqrt(2.0L)), 2);
  for (double x : {-30.0, -11.9, 1.0})
    expect("normcdf(double)", gpu::normcdf(x),
           0.5L * std::erfc(-(long double)x / std::sqrt(2.0L)), 5);
  // CHECK: math host accuracy: 0 failures
  std::printf("math host accuracy: %d failures\n", bad);
}
