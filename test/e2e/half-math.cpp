// The approximate functions of halves and pairs on the GPU (gpu::fast::exp2,
// tanh, exp, log, log2, sqrt, rsqrt, rcp, sin, cos of <gpu/half.hpp>, and
// CUDA's accurate hexp2 and htanh of <gpu/cuda_compat.hpp>), for every
// 16-bit pattern of gpu::half and gpu::bfloat16 (zeros, subnormals,
// infinities and NaNs included), one at a time and in pairs, against the
// host's result (the function computed in float with <cmath>, rounded
// once). The tolerances are the bounds <gpu/half.hpp> states, in units in
// the last place of the type (ulp: how many representable values apart):
//   exp2              2 ulp (ex2.approx.f16 / .bf16; 1 ulp through f32)
//   tanh              half: 2 ulp or an absolute 2^-10 (tanh.approx.f16);
//                     bfloat16: 2 ulp or an absolute 2^-7 (.bf16 on sm_90)
//   exp, sqrt, rsqrt, rcp, hexp2, htanh: 1 ulp
//   log, log2         1 ulp plus an absolute 2^-21
//   sin, cos          1 ulp plus an absolute 2^-19, for |x| <= 65504 (a
//                     bfloat16 beyond: only a value in [-1, 1])
// A NaN must give NaN, an infinity the same infinity; a result below the
// smallest normal number may be flushed to zero. Built for sm_90 (the
// 16-bit instructions) and sm_80 (bfloat16's exp2 and tanh through f32).
#include <gpu/cuda_compat.hpp>
#include <gpu/gpu.hpp>
#include <gpu/half.hpp>

#include "check.hpp"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <vector>

enum class fn : int {
  exp2, tanh, exp, log, log2, sqrt, rsqrt, rcp, sin, cos, cuda_exp2, cuda_tanh
};

constexpr const char *fn_names[] = {"exp2", "tanh",  "exp", "log",
                                    "log2", "sqrt",  "rsqrt", "rcp",
                                    "sin",  "cos",   "hexp2", "htanh"};

// F of a half, a bfloat16 or a pair (on the GPU and on the host alike).
template <fn F, class T> T apply(T x) {
  if constexpr (F == fn::exp2)
    return gpu::fast::exp2(x);
  else if constexpr (F == fn::tanh)
    return gpu::fast::tanh(x);
  else if constexpr (F == fn::exp)
    return gpu::fast::exp(x);
  else if constexpr (F == fn::log)
    return gpu::fast::log(x);
  else if constexpr (F == fn::log2)
    return gpu::fast::log2(x);
  else if constexpr (F == fn::sqrt)
    return gpu::fast::sqrt(x);
  else if constexpr (F == fn::rsqrt)
    return gpu::fast::rsqrt(x);
  else if constexpr (F == fn::rcp)
    return gpu::fast::rcp(x);
  else if constexpr (F == fn::sin)
    return gpu::fast::sin(x);
  else if constexpr (F == fn::cos)
    return gpu::fast::cos(x);
  else if constexpr (F == fn::cuda_exp2) {
    if constexpr (std::is_same_v<T, gpu::half> ||
                  std::is_same_v<T, gpu::bfloat16>)
      return hexp2(x);
    else
      return h2exp2(x);
  } else {
    if constexpr (std::is_same_v<T, gpu::half> ||
                  std::is_same_v<T, gpu::bfloat16>)
      return htanh(x);
    else
      return h2tanh(x);
  }
}

namespace kernels {
// Thread i: F of in[i] and of the pair pin[i].
template <class H, fn F>
[[gpu::kernel, gpu::launch_contract(1, 256)]] void
eval(const H *in, H *out, const gpu::basic_half2<typename H::value_type> *pin,
     gpu::basic_half2<typename H::value_type> *pout) {
  uint32_t i = gpu::block_idx().x * 256 + gpu::thread_idx().x;
  out[i] = apply<F>(in[i]);
  pout[i] = apply<F>(pin[i]);
}
} // namespace kernels

// How far apart two values of H are, in representable values (+0 and -0
// are one value).
template <class H> int ulp_distance(H a, H b) {
  auto ordered = [](uint16_t bits) {
    return bits & 0x8000u ? -int(bits & 0x7fffu) : int(bits);
  };
  return std::abs(ordered(a.bits()) - ordered(b.bits()));
}

// The distance from |h| to the next representable magnitude (for the
// largest finite one, to the one below).
template <class H> float spacing(H h) {
  uint16_t m = uint16_t(h.bits() & 0x7fffu);
  if (m == std::numeric_limits<H>::max().bits())
    --m;
  return float(H::from_bits(uint16_t(m + 1))) - float(H::from_bits(m));
}

struct bound {
  int ulps;
  float absolute; // also accepted (0: none)
  bool reduced;   // sin, cos: only for |x| <= 65504
};

template <class H> bound bound_of(fn f) {
  bool half = std::is_same_v<H, gpu::half>;
  switch (f) {
  case fn::exp2:
    return {2, 0.0f, false};
  case fn::tanh:
    return {2, half ? 0x1p-10f : 0x1p-7f, false};
  case fn::log:
  case fn::log2: // lg2.approx.f32: an absolute error of 2^-22.6 near 1
    return {1, 0x1p-21f, false};
  case fn::sin:
  case fn::cos:
    return {1, 0x1p-19f, true};
  default:
    return {1, 0.0f, false};
  }
}

// Whether `got` is within `b` of `want`, the host's result for x.
template <class H> bool within(H x, H got, H want, bound b) {
  if (gpu::isnan(want))
    return gpu::isnan(got);
  if (gpu::isnan(got))
    return false;
  if (gpu::isinf(want) || gpu::isinf(got))
    return got.bits() == want.bits();
  if (b.reduced && std::fabs(float(x)) > 65504.0f)
    return std::fabs(float(got)) <= 1.0f;
  if (ulp_distance(got, want) <= b.ulps)
    return true;
  float error = std::fabs(float(got) - float(want));
  if (b.absolute > 0 && error <= b.ulps * spacing(want) + b.absolute)
    return true;
  // Flushed to zero: a result below the normal range.
  float min_normal = float(std::numeric_limits<H>::min());
  return float(got) == 0.0f && std::fabs(float(want)) < min_normal;
}

template <class H, fn F> int run(gpu::context &ctx, const char *type) {
  using H2 = gpu::basic_half2<typename H::value_type>;
  constexpr uint32_t n = 65536;
  std::vector<H> in(n);
  std::vector<H2> pin(n);
  for (uint32_t i = 0; i < n; ++i) {
    in[i] = H::from_bits(uint16_t(i));
    // Lane 1 runs through every pattern too, in another order.
    pin[i] = H2(H::from_bits(uint16_t(i)),
                H::from_bits(uint16_t(i * 40503u + 12345u)));
  }
  char what[64];
  std::snprintf(what, sizeof what, "%s(%s)", fn_names[int(F)], type);
  auto &s = ctx.default_stream();
  auto in_dev = gpu::device_buffer<H>::from_host(s, in).value();
  auto pin_dev = gpu::device_buffer<H2>::from_host(s, pin).value();
  auto out_dev = gpu::device_buffer<H>::zeroed(s, n).value();
  auto pout_dev = gpu::device_buffer<H2>::zeroed(s, n).value();
  auto p = gpu::prepare<kernels::eval<H, F>>(
      ctx, gpu::launch_config_1d{n / 256, 256});
  if (!p)
    return check(false, what, describe(p));
  auto r = gpu::launch(s, *p, in_dev, out_dev, pin_dev, pout_dev);
  if (!r)
    return check(false, what, describe(r));
  std::vector<H> out = out_dev.to_host(s).value();
  std::vector<H2> pout = pout_dev.to_host(s).value();

  bound b = bound_of<H>(F);
  int failures = 0, worst = 0;
  char first[160] = "";
  auto compare = [&](H x, H got, const char *form) {
    H want = apply<F>(x);
    bool finite = !gpu::isnan(got) && !gpu::isinf(got) &&
                  !gpu::isnan(want) && !gpu::isinf(want) &&
                  !(b.reduced && std::fabs(float(x)) > 65504.0f);
    if (finite && ulp_distance(got, want) > worst)
      worst = ulp_distance(got, want);
    if (within(x, got, want, b))
      return;
    if (failures++ == 0)
      std::snprintf(first, sizeof first,
                    "%s x = %a (0x%04x): got %a (0x%04x), host %a (0x%04x)",
                    form, double(float(x)), x.bits(), double(float(got)),
                    got.bits(), double(float(want)), want.bits());
  };
  for (uint32_t i = 0; i < n; ++i) {
    compare(in[i], out[i], "single");
    compare(pin[i].x, pout[i].x, "pair lane 0");
    compare(pin[i].y, pout[i].y, "pair lane 1");
  }
  char detail[320];
  if (failures)
    std::snprintf(detail, sizeof detail,
                  "%d of %u values outside %d ulp%s; first: %s", failures,
                  3 * n, b.ulps, b.absolute > 0 ? " (or the absolute bound)" : "",
                  first);
  else
    std::snprintf(detail, sizeof detail,
                  "%u values (all patterns, single and paired) within %d ulp%s, "
                  "at most %d ulp apart",
                  3 * n, b.ulps,
                  b.absolute > 0 ? " or the absolute bound" : "", worst);
  return check(failures == 0, what, detail);
}

template <class H> int run_all(gpu::context &ctx, const char *type) {
  return run<H, fn::exp2>(ctx, type) + run<H, fn::tanh>(ctx, type) +
         run<H, fn::exp>(ctx, type) + run<H, fn::log>(ctx, type) +
         run<H, fn::log2>(ctx, type) + run<H, fn::sqrt>(ctx, type) +
         run<H, fn::rsqrt>(ctx, type) + run<H, fn::rcp>(ctx, type) +
         run<H, fn::sin>(ctx, type) + run<H, fn::cos>(ctx, type) +
         run<H, fn::cuda_exp2>(ctx, type) + run<H, fn::cuda_tanh>(ctx, type);
}

int main() {
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  auto ctx = gpu::context::create(0);
  if (!ctx) {
    std::printf("FAILED: context: %s\n", ctx.error().message().c_str());
    return 2;
  }
  int failures = run_all<gpu::half>(*ctx, "half") +
                 run_all<gpu::bfloat16>(*ctx, "bfloat16");
  if (failures == 0)
    std::printf("PASSED: all checks\n");
  return failures == 0 ? 0 : 1;
}
