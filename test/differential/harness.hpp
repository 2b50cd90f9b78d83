// Differential testing of device code: every case is an ordinary C++
// function, run once on the host (compiled by clang for x86-64) and once on
// the GPU (compiled by Alloy), over the same inputs; main.cpp compares the
// results bit for bit, or within an ulp bound for transcendental functions.
//
// A family translation unit defines its functions and registers one case
// per function:
//
//   #define DIFF_FAMILY "integers"          // = the file's base name
//   #include "harness.hpp"
//   namespace diff::integers {
//   uint32_t add_wrap(uint32_t a, uint32_t b) { return a + b; }
//   DIFF_CASE(add_wrap, diff::exact) { out.r[0] = add_wrap(in.c, in.d); }
//   DIFF_CASE(sinf, diff::ulp(3, 0), trig_domain) { out.f[0] = ::sinf(in.f); }
//   }
//
// DIFF_CASE(NAME, COMPARE [, DOMAIN]) declares the struct NAME_case with a
// static `eval(const Input &in, Output &out)` whose body follows the macro,
// and registers it. The GPU runs it through kernels::run_case<NAME_case>; the
// host calls the same eval. Only eval and what it calls must compile for the
// GPU; the domain (an input generator) runs on the host only.
//
// Building a subset: -DDIFF_ONLY='"integers.add_wrap","floats.f32_arith"'
// instantiates the GPU kernel only for the named cases, -DDIFF_SKIP='"..."'
// for all but the named ones. Cases left out still run on the host and are
// reported as "not built for the GPU". -DDIFF_UNSUPPORTED='"..."' names the
// cases that alloy++ rejects by design (unsupported.txt): they get no GPU
// kernel and are reported as skipped, not as failures.
#ifndef ALLOY_TEST_DIFFERENTIAL_HARNESS_HPP
#define ALLOY_TEST_DIFFERENTIAL_HARNESS_HPP

#include <gpu/gpu.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>
#include <vector>

namespace diff {

// ------------------------------------------------------------ data --

// The arguments of one call. The generator fills every field for every
// case (random values mixed with special ones: 0, -0, +-inf, NaN,
// denormals, INT_MIN/INT_MAX, all ones, small integers...); a case's domain
// may then overwrite fields. Signed operands are read as int32_t(in.c),
// int64_t(in.a) (modular conversions).
struct Input {
  uint64_t a, b, p, q; // 64-bit integer operands
  double x, y, z;      // double operands
  uint32_t c, d, e;    // 32-bit integer operands (e: often a selector)
  float f, g, h;       // float operands
};
static_assert(sizeof(Input) == 80, "Input has no padding");

// The results of one call, zeroed before the call. r[] is compared bit for
// bit; x[] and f[] bit for bit (exact cases) or by ulp distance (ulp
// cases), and two NaNs are equal whatever their payloads and signs (x86 and
// the GPU make different NaNs).
struct Output {
  uint64_t r[4]; // integers, bools, bit patterns
  double x[2];
  float f[4];
};
static_assert(sizeof(Output) == 64, "Output has no padding");

// How a case's results are compared.
struct compare {
  bool exact;       // true: bit for bit (NaN == NaN)
  uint32_t ulp_f32; // otherwise: the bound for f[], in float ulps
  uint32_t ulp_f64; // and for x[], in double ulps
};
inline constexpr compare exact{true, 0, 0};
constexpr compare ulp(uint32_t f32, uint32_t f64) { return {false, f32, f64}; }

// ------------------------------------------------- input generation --
// Host only (never reached from a kernel).

class rng {
public:
  explicit rng(uint64_t seed) : s_(seed) {}
  uint64_t next() { // splitmix64
    uint64_t z = (s_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  uint32_t next32() { return uint32_t(next() >> 32); }
  // Uniform in [0, n), n > 0.
  uint64_t below(uint64_t n) { return next() % n; }
  // Uniform in [0, 1).
  double unit() { return double(next() >> 11) * 0x1.0p-53; }
  bool chance(double p) { return unit() < p; }
  double uniform(double lo, double hi) { return lo + (hi - lo) * unit(); }
  // An integer uniform in [lo, hi].
  int64_t range(int64_t lo, int64_t hi) {
    return lo + int64_t(below(uint64_t(hi - lo) + 1));
  }

private:
  uint64_t s_;
};

namespace gen {
uint64_t int64(rng &r);
uint32_t int32(rng &r);
float f32(rng &r);
double f64(rng &r);
float special_f32(rng &r);
double special_f64(rng &r);
// The default fill of every field.
void fill(Input &in, rng &r);
// `orig` with probability keep (so special values stay in the mix),
// otherwise uniform in [lo, hi].
inline double mostly(rng &r, double orig, double lo, double hi,
                     double keep = 0.08) {
  return r.chance(keep) ? orig : r.uniform(lo, hi);
}
inline float mostly_f(rng &r, float orig, double lo, double hi,
                      double keep = 0.08) {
  return r.chance(keep) ? orig : float(r.uniform(lo, hi));
}
// A float of random sign whose magnitude is spread over [2^lo, 2^hi).
double log_uniform(rng &r, int lo, int hi);
} // namespace gen

using domain_fn = void (*)(Input &, rng &);

// ------------------------------------------------------- the kernel --

namespace kernels {
template <class Case>
[[gpu::kernel, gpu::launch_bounds(256), gpu::launch_contract(1, 256)]] void
run_case(std::span<const Input> in, gpu::disjoint_span<Output> out) {
  auto i = gpu::thread::index_1d();
  if (Output *o = out.get_mut(i))
    Case::eval(in[i.get()], *o);
}
} // namespace kernels

// ------------------------------------------------------ registration --

using gpu_fn = gpu::result<void> (*)(gpu::context &, gpu::stream &,
                                     const gpu::device_buffer<Input> &,
                                     gpu::device_buffer<Output> &);

struct case_info {
  const char *family;
  const char *name;
  compare cmp;
  domain_fn domain;                                // may be null
  void (*host)(const Input *, Output *, size_t n); // runs eval on the host
  gpu_fn gpu; // null: not built for the GPU (DIFF_ONLY / DIFF_SKIP)
  bool unsupported; // rejected by alloy++ by design (DIFF_UNSUPPORTED)
};

inline std::vector<case_info> &registry() {
  static std::vector<case_info> cases;
  return cases;
}

template <class C> void run_on_host(const Input *in, Output *out, size_t n) {
  for (size_t i = 0; i < n; ++i)
    C::eval(in[i], out[i]);
}

template <class C>
gpu::result<void> run_on_gpu(gpu::context &ctx, gpu::stream &s,
                             const gpu::device_buffer<Input> &in,
                             gpu::device_buffer<Output> &out) {
  auto p = gpu::prepare<kernels::run_case<C>>(
      ctx, gpu::launch_config_1d{(in.size() + 255) / 256, 256});
  if (!p)
    return std::unexpected(p.error());
  return gpu::launch(s, *p, in, out);
}

// Whether alloy++ rejects the case named "family.case" by design.
constexpr bool unsupported(std::string_view name) {
#if defined(DIFF_UNSUPPORTED)
  for (std::string_view s : {DIFF_UNSUPPORTED})
    if (s == name)
      return true;
#endif
  (void)name;
  return false;
}

// Whether the case named "family.case" gets a GPU kernel in this build.
constexpr bool enabled(std::string_view name) {
  if (unsupported(name))
    return false;
#if defined(DIFF_ONLY)
  for (std::string_view s : {DIFF_ONLY})
    if (s == name)
      return true;
  return false;
#elif defined(DIFF_SKIP)
  for (std::string_view s : {DIFF_SKIP})
    if (s == name)
      return false;
  return true;
#else
  (void)name;
  return true;
#endif
}

template <class C, bool Enabled, bool Unsupported> struct registrar {
  registrar(const char *family, const char *name, compare cmp,
            domain_fn domain) {
    gpu_fn g = nullptr;
    if constexpr (Enabled)
      g = &run_on_gpu<C>;
    registry().push_back(
        {family, name, cmp, domain, &run_on_host<C>, g, Unsupported});
  }
};

} // namespace diff

#define DIFF_CASE(NAME, CMP, ...)                                              \
  struct NAME##_case {                                                         \
    static void eval(const ::diff::Input &in, ::diff::Output &out);            \
  };                                                                           \
  static const ::diff::registrar<NAME##_case,                                  \
                                 ::diff::enabled(DIFF_FAMILY "." #NAME),       \
                                 ::diff::unsupported(DIFF_FAMILY "." #NAME)>   \
      NAME##_registrar{DIFF_FAMILY, #NAME, CMP,                                \
                       ::diff::domain_fn{__VA_ARGS__}};                        \
  void NAME##_case::eval([[maybe_unused]] const ::diff::Input &in,             \
                         [[maybe_unused]] ::diff::Output &out)

#endif // ALLOY_TEST_DIFFERENTIAL_HARNESS_HPP
