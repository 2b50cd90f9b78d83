// The inputs of the Alloy tensor-core GEMM benchmarks (hgemm, wgmma_gemm,
// wgmma_tma_gemm, wgmma_ws_gemm): uniform values in [-1, 1) rounded to
// nearest even as gpu::half, gpu::bfloat16 or gpu::fp8_e4m3, the same
// values the nvcc twins' __float2half_rn / __float2bfloat16_rn /
// __nv_fp8_e4m3 give. bfloat16 by its bits: on the host, gpu::bfloat16's
// conversion from float calls libgcc's __truncsfbf2, which Debian 12's
// libgcc (GCC 12) lacks without -rtlib=compiler-rt.
#ifndef BENCH_COMMON_HALF_GEMM_INPUTS_HPP
#define BENCH_COMMON_HALF_GEMM_INPUTS_HPP

#include "timing.hpp"
#include <gpu/half.hpp>
#include <gpu/tensor_core.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace bench {

template <class T> const char *gemm_type_name() {
  if constexpr (std::is_same_v<T, gpu::fp8_e4m3>)
    return "e4m3";
  else
    return std::is_same_v<T, gpu::half> ? "f16" : "bf16";
}

// e4m3 (bias 7, no infinities; |f| < 448 here), round to nearest even.
inline uint8_t to_e4m3(float f) {
  const uint8_t sign = std::signbit(f) ? 0x80 : 0;
  const float a = std::fabs(f);
  if (a < 0x1p-6f) // subnormal: multiples of 2^-9 (code 8 is 2^-6)
    return sign | uint8_t(std::nearbyint(a * 512.0f));
  uint32_t u = std::bit_cast<uint32_t>(a);
  u = (u + 0x7ffffu + ((u >> 20) & 1u)) & ~0xfffffu;
  const int exponent = int(u >> 23) - 127 + 7;
  return sign | uint8_t(exponent << 3 | ((u >> 20) & 7u));
}
inline float from_e4m3(uint8_t b) {
  const int exponent = (b >> 3) & 15, mantissa = b & 7;
  const float v = exponent == 0 ? std::ldexp(float(mantissa), -9)
                                : std::ldexp(1.0f + mantissa / 8.0f,
                                             exponent - 7);
  return b & 0x80 ? -v : v;
}

template <class T> T round_gemm_input(float f) {
  if constexpr (std::is_same_v<T, gpu::fp8_e4m3>) {
    return T{to_e4m3(f)};
  } else if constexpr (std::is_same_v<T, gpu::bfloat16>) {
    uint32_t u = std::bit_cast<uint32_t>(f);
    return T::from_bits(uint16_t((u + 0x7fffu + ((u >> 16) & 1u)) >> 16));
  } else {
    return T(f);
  }
}
template <class T> float gemm_input_value(T v) {
  if constexpr (std::is_same_v<T, gpu::fp8_e4m3>)
    return from_e4m3(v.bits);
  else
    return float(v);
}

// n values from `seed`; `rounded` gets them back as floats.
template <class T>
std::vector<T> random_gemm_matrix(size_t n, uint64_t seed,
                                  std::vector<float> &rounded) {
  std::vector<float> f = random_floats(n, -1.0f, 1.0f, seed);
  std::vector<T> v(n);
  rounded.resize(n);
  for (size_t i = 0; i < n; ++i) {
    v[i] = round_gemm_input<T>(f[i]);
    rounded[i] = gemm_input_value(v[i]);
  }
  return v;
}

// check_half_gemm's tolerance (relative to sum |terms|): fp8 wgmma adds
// each k32 slice into the accumulator with fewer than fp32's bits (about
// 14, as DeepGEMM measured on Hopper), so its bound is looser.
template <class T> constexpr double gemm_tolerance() {
  return std::is_same_v<T, gpu::fp8_e4m3> ? 1e-3 : 1e-5;
}

} // namespace bench

#endif // BENCH_COMMON_HALF_GEMM_INPUTS_HPP
