// The support code of the differential fuzzer's generated translation units
// (gen.py writes them; main.cpp runs them; README.md). Everything here is
// free of undefined behaviour for every argument, and compiles for the GPU.
#ifndef ALLOY_TEST_FUZZ_PRELUDE_HPP
#define ALLOY_TEST_FUZZ_PRELUDE_HPP

#include <gpu/gpu.hpp>

#include <algorithm>
#include <array>
#include <iterator>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <type_traits>
#include <vector>

namespace fz {

// One input of every generated function (the wrapper picks the fields its
// parameters need).
struct In {
  double d[3];
  uint64_t q[2];
  uint32_t u[3];
  int32_t i[3];
  float f[3];
  uint32_t pad;
};
static_assert(sizeof(In) == 80);

// One result: w[0] the return value's bits, w[1] the hash of the locals,
// w[2] one more field (functions that fill a struct). Compared bit for bit.
struct Out {
  uint64_t w[3];
};

// What a function of the second kind fills.
struct R {
  uint64_t h;
  uint32_t u;
  float f;
  double d;
};

// The bits of a value; every NaN is the same NaN (x86 and the GPU make
// different NaN payloads and signs).
constexpr uint64_t bits(uint32_t v) { return v; }
constexpr uint64_t bits(int32_t v) { return uint32_t(v); }
constexpr uint64_t bits(uint64_t v) { return v; }
constexpr uint64_t bits(int64_t v) { return uint64_t(v); }
constexpr uint64_t bits(bool v) { return v; }
constexpr uint64_t bits(float v) {
  return v != v ? 0x7fc00000u : std::bit_cast<uint32_t>(v);
}
constexpr uint64_t bits(double v) {
  return v != v ? 0x7ff8000000000000ull : std::bit_cast<uint64_t>(v);
}

#ifdef FZ_TRACE_MIX
// locate.cpp: records every value mixed into a hash on the host.
void trace_mix(uint64_t before, uint64_t value);
#endif

template <class T> constexpr void mix(uint64_t &h, T v) {
#ifdef FZ_TRACE_MIX
  if !consteval {
    trace_mix(h, bits(v));
  }
#endif
  h = (h ^ bits(v)) * 0x100000001b3ull + 0x9e37u;
}

// Floating point to integer, defined for every value: out-of-range and NaN
// give `fallback`.
template <class I, class F> constexpr I f2i(F x, I fallback = I(7)) {
  if constexpr (std::is_unsigned_v<I>) {
    constexpr F hi = sizeof(I) == 4 ? F(4294967296.0) : F(18446744073709551616.0);
    return (x > F(-1) && x < hi) ? I(x) : fallback;
  } else {
    constexpr F hi = sizeof(I) == 4 ? F(2147483648.0) : F(9223372036854775808.0);
    return (x >= -hi && x < hi) ? I(x) : fallback;
  }
}

// Signed division and remainder without division by zero or MIN / -1.
template <class I> constexpr I sdiv(I a, I b) {
  return (b == 0 || (b == I(-1) && a == std::numeric_limits<I>::min())) ? a
                                                                        : a / b;
}
template <class I> constexpr I smod(I a, I b) {
  return (b == 0 || (b == I(-1) && a == std::numeric_limits<I>::min())) ? a
                                                                        : a % b;
}
// Checked arithmetic: the wrapped result, its low bit flipped on overflow.
template <class I> constexpr I add_ovf(I a, I b) {
  I r;
  bool o = __builtin_add_overflow(a, b, &r);
  return o ? I(r ^ I(1)) : r;
}
template <class I> constexpr I mul_ovf(I a, I b) {
  I r;
  bool o = __builtin_mul_overflow(a, b, &r);
  return o ? I(r ^ I(1)) : r;
}

// The group of generated functions G run by one kernel: thread t computes
// function t / n on input t % n.
namespace kernels {
template <class G>
[[gpu::kernel, gpu::launch_bounds(256), gpu::launch_contract(1, 256)]] void
run_group(std::span<const In> in, gpu::disjoint_span<Out> out) {
  auto i = gpu::thread::index_1d();
  if (Out *o = out.get_mut(i)) {
    const size_t n = in.size();
    const size_t t = i.get();
    G::eval(uint32_t(t / n), in[t % n], *o);
  }
}
} // namespace kernels

using gpu_fn = gpu::result<void> (*)(gpu::context &, gpu::stream &,
                                     const gpu::device_buffer<In> &,
                                     gpu::device_buffer<Out> &);

struct group_info {
  const char *tu;     // e.g. "tu3"
  const char *source; // the generated file, at build time
  uint64_t seed;      // gen.py's --seed
  uint32_t first;     // the id of its first function within the TU
  uint32_t count;
  void (*host)(uint32_t k, const In &, Out &);
  gpu_fn gpu;
};

inline std::vector<group_info> &registry() {
  static std::vector<group_info> groups;
  return groups;
}

template <class G>
gpu::result<void> run_on_gpu(gpu::context &ctx, gpu::stream &s,
                             const gpu::device_buffer<In> &in,
                             gpu::device_buffer<Out> &out) {
  auto p = gpu::prepare<kernels::run_group<G>>(
      ctx, gpu::launch_config_1d{(out.size() + 255) / 256, 256});
  if (!p)
    return std::unexpected(p.error());
  return gpu::launch(s, *p, in, out);
}

template <class G> struct registrar {
  registrar(const char *tu, const char *source, uint64_t seed) {
    registry().push_back(
        {tu, source, seed, G::first, G::count, &G::eval, &run_on_gpu<G>});
  }
};

} // namespace fz

#endif // ALLOY_TEST_FUZZ_PRELUDE_HPP
