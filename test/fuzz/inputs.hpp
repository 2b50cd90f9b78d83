// The differential fuzzer's inputs (test/fuzz/README.md): a seeded
// generator biased towards edge values, shared by the driver (main.cpp) and
// the mismatch locator (locate.cpp), which must see the same inputs.
#ifndef ALLOY_TEST_FUZZ_INPUTS_HPP
#define ALLOY_TEST_FUZZ_INPUTS_HPP

#include "prelude.hpp"

#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace fz {
namespace detail {

struct rng {
  uint64_t s;
  uint64_t next() { // splitmix64
    uint64_t z = (s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  uint64_t below(uint64_t n) { return next() % n; }
  double unit() { return double(next() >> 11) * 0x1.0p-53; }
};

inline constexpr uint32_t special_u32[] = {
    0,          1,          2,          3,          7,
    31,         32,         33,         255,        256,
    1000,       0x7fffffff, 0x80000000, 0x80000001, 0xffffffff,
    0xfffffffe, 0xaaaaaaaa, 0x0000ffff, 0x00010000, 0xdeadbeef};
inline constexpr uint32_t special_f32[] = {
    0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00000,
    0x7f800001, 0x00000001, 0x807fffff, 0x00800000, 0x7f7fffff, 0xff7fffff,
    0x3f800000, 0xbf800000, 0x3f000000, 0x40000000, 0x3fc00000, 0x40200000,
    0x3effffff, 0x3f7fffff, 0x3f800001, 0x4b800000, 0x4b800001, 0x4f000000,
    0xcf000000, 0x4f800000, 0x5f000000, 0xdf000000, 0x5f800000, 0x42c80000};
inline constexpr uint64_t special_f64[] = {
    0x0000000000000000ull, 0x8000000000000000ull, 0x7ff0000000000000ull,
    0xfff0000000000000ull, 0x7ff8000000000000ull, 0x7ff0000000000001ull,
    0x0000000000000001ull, 0x000fffffffffffffull, 0x0010000000000000ull,
    0x7fefffffffffffffull, 0x3ff0000000000000ull, 0xbff0000000000000ull,
    0x3fe0000000000000ull, 0x3ff8000000000000ull, 0x4004000000000000ull,
    0x3fdfffffffffffffull, 0x3ff0000000000001ull, 0x4340000000000000ull,
    0x41e0000000000000ull, 0xc1e0000000000000ull, 0x41f0000000000000ull,
    0x43e0000000000000ull, 0xc3e0000000000000ull, 0x43f0000000000000ull,
    0x47efffffe0000000ull, 0x36a0000000000000ull, 0x4059000000000000ull};

inline uint32_t gen_u32(rng &r) {
  switch (r.below(8)) {
  case 0:
  case 1:
    return special_u32[r.below(std::size(special_u32))];
  case 2:
    return uint32_t(int32_t(r.below(41)) - 20);
  case 3:
    return uint32_t(r.next()) >> r.below(32);
  default:
    return uint32_t(r.next());
  }
}
inline uint64_t gen_u64(rng &r) {
  switch (r.below(6)) {
  case 0:
    return uint64_t(int64_t(int32_t(gen_u32(r))));
  case 1:
    return uint64_t(1) << r.below(64);
  case 2:
    return r.next() >> r.below(64);
  default:
    return r.next();
  }
}
inline float gen_f32(rng &r) {
  switch (r.below(10)) {
  case 0:
  case 1:
    return std::bit_cast<float>(special_f32[r.below(std::size(special_f32))]);
  case 2:
    return std::bit_cast<float>(uint32_t(r.next()));
  case 3:
    return float(int32_t(r.below(513)) - 256) * 0.25f;
  case 4:
    return std::bit_cast<float>(uint32_t(r.next()) & 0x807fffffu);
  default: { // log-uniform over [2^-30, 2^40)
    float m = std::ldexp(float(1.0 + r.unit()), int(r.below(70)) - 30);
    return r.below(2) ? -m : m;
  }
  }
}
inline double gen_f64(rng &r) {
  switch (r.below(10)) {
  case 0:
  case 1:
    return std::bit_cast<double>(special_f64[r.below(std::size(special_f64))]);
  case 2:
    return std::bit_cast<double>(r.next());
  case 3:
    return double(int32_t(r.below(513)) - 256) * 0.25;
  case 4:
    return double(gen_f32(r));
  default: {
    double m = std::ldexp(1.0 + r.unit(), int(r.below(140)) - 60);
    return r.below(2) ? -m : m;
  }
  }
}

inline void fill(In &in, rng &r) {
  std::memset(&in, 0, sizeof in);
  for (auto &v : in.d)
    v = gen_f64(r);
  for (auto &v : in.q)
    v = gen_u64(r);
  for (auto &v : in.u)
    v = gen_u32(r);
  for (auto &v : in.i)
    v = int32_t(gen_u32(r));
  for (auto &v : in.f)
    v = gen_f32(r);
}

} // namespace detail

inline std::string describe(const In &in) {
  char b[512];
  std::snprintf(b, sizeof b,
                "d={%a,%a,%a} q={0x%" PRIx64 ",0x%" PRIx64
                "} u={0x%x,0x%x,0x%x} "
                "i={%d,%d,%d} f={%a,%a,%a}",
                in.d[0], in.d[1], in.d[2], in.q[0], in.q[1], in.u[0], in.u[1],
                in.u[2], in.i[0], in.i[1], in.i[2], double(in.f[0]),
                double(in.f[1]), double(in.f[2]));
  return b;
}

// The inputs of a run: `count` of them from input seed `seed`.
inline std::vector<In> make_inputs(size_t count, uint64_t seed) {
  std::vector<In> in(count);
  detail::rng r{seed * 0x9e3779b97f4a7c15ull + 12345};
  for (auto &v : in)
    detail::fill(v, r);
  return in;
}

} // namespace fz

#endif // ALLOY_TEST_FUZZ_INPUTS_HPP
