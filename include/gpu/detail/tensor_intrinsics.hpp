// Device intrinsics of the tensor cores, asynchronous copies and packed
// half-precision arithmetic (see <gpu/tensor_core.hpp>, <gpu/half.hpp>).
//
// Each template's arguments name the variant: the plugin reads them (by the
// enumerator's name) and emits one Alloy operation (alloy.mma_sync,
// alloy.ldmatrix, alloy.cp_async, arith on vector<2xf16> ...). Register
// groups travel through pointers to the fragment's own array, which LLVM
// keeps in registers once the calls are inlined. The bodies are the host
// fallbacks: a host thread is not a warp, so the warp-wide operations stop
// the program there.
#ifndef GPU_DETAIL_TENSOR_INTRINSICS_HPP
#define GPU_DETAIL_TENSOR_INTRINSICS_HPP

#include <gpu/detail/atomic_intrinsics.hpp>
#include <gpu/detail/intrinsics.hpp>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <type_traits>

namespace gpu::detail {

// Element types of mma.sync operands (PTX's names).
enum class mma_type : int { f16, bf16, tf32, s8, u8, e4m3, e5m2, f32, s32 };

// D = A * B + C over the warp, one mma.sync.aligned.mMnNkK.row.col. `a` and
// `b` hold 32-bit registers, `c` and `d` the accumulator's (f32, s32, or
// f16 pairs as 32-bit words when C is f16).
template <int M, int N, int K, mma_type AB, mma_type CD>
ALLOY_INTRINSIC("mma.sync")
inline void mma_sync(void *, const void *, const void *, const void *) noexcept {
  ::gpu::detail::cpu::unsupported("mma.sync");
}

// ldmatrix.sync.aligned.m8n8.xCOUNT[.trans].shared.b16: COUNT 8x8 matrices
// of 16-bit elements; lane i gives the address of row i % 8 of matrix i / 8.
template <int Count, bool Trans>
ALLOY_INTRINSIC("ldmatrix")
inline void ldmatrix(uint32_t *, const void *) noexcept {
  ::gpu::detail::cpu::unsupported("ldmatrix");
}

// stmatrix.sync.aligned.m8n8.xCOUNT[.trans].shared.b16 (sm_90).
template <int Count, bool Trans>
ALLOY_INTRINSIC("stmatrix")
inline void stmatrix(void *, const uint32_t *) noexcept {
  ::gpu::detail::cpu::unsupported("stmatrix");
}

// cp.async.{ca,cg}.shared.global [dst], [src], BYTES[, src_bytes]: with
// ZeroFill, copies src_bytes (<= BYTES) and zero-fills the rest. On the
// host: done at once.
template <int Bytes, bool CacheGlobal, bool ZeroFill>
ALLOY_INTRINSIC("cp_async")
inline void cp_async(void *dst, const void *src, uint32_t src_bytes) noexcept {
  std::memcpy(dst, src, src_bytes);
  std::memset(static_cast<char *>(dst) + src_bytes, 0, Bytes - src_bytes);
}
ALLOY_INTRINSIC("cp_async.commit") inline void cp_async_commit() noexcept {}
template <int N>
ALLOY_INTRINSIC("cp_async.wait")
inline void cp_async_wait() noexcept {}

// Packed pairs of halves in a 32-bit word, lane 0 in the low 16 bits.
enum class packed_elem : int { f16, bf16 };
enum class packed_op : int { add, sub, mul, fma, min, max, neg, abs };

// Each lane of `a` (op) `b` (, `c` for fma), rounded to nearest even.
// Unary operations ignore `b` and `c`, binary ones `c`.
template <packed_elem E>
using packed_scalar = std::conditional_t<E == packed_elem::f16, _Float16, __bf16>;

template <packed_elem E> inline float packed_lane(uint32_t w, int lane) {
  uint16_t bits = uint16_t(w >> (16 * lane));
  packed_scalar<E> h;
  std::memcpy(&h, &bits, 2);
  return float(h);
}
// NaN results are the canonical NaN 0x7fff, as the GPU's arithmetic and
// conversions return (the host's would keep an operand's payload).
template <packed_elem E> inline uint32_t packed_bits(packed_scalar<E> h) {
  if (h != h)
    return 0x7fffu;
  uint16_t bits;
  std::memcpy(&bits, &h, 2);
  return bits;
}
// One lane of fma: exact in double, then one rounding (round to odd in
// double first, so that the second rounding to 11 or 8 bits is correct).
template <packed_elem E> inline packed_scalar<E> packed_fma(float a, float b,
                                                             float c) {
  double p = double(a) * double(b); // exact: 24-bit significands at most
  double s = p + double(c);
  double bv = s - p; // TwoSum: s + err == p + c exactly
  double err = (p - (s - bv)) + (double(c) - bv);
  uint64_t bits;
  std::memcpy(&bits, &s, 8);
  // Finite s, by its exponent bits (not std::isfinite: -ffast-math warns
  // at it). inf - inf: err is NaN.
  bool finite = (bits >> 52 & 0x7ff) != 0x7ff;
  if (err != 0 && finite) {
    if ((bits & 1) == 0) { // make the result odd, toward the exact value
      bool away = (err > 0) == (s > 0);
      bits = away ? bits + 1 : bits - 1;
      std::memcpy(&s, &bits, 8);
    }
  }
  return packed_scalar<E>(s);
}

template <packed_op Op, packed_elem E>
ALLOY_INTRINSIC("packed2")
inline uint32_t packed2(uint32_t a, uint32_t b, uint32_t c) noexcept {
  uint32_t r = 0;
  for (int lane = 0; lane < 2; ++lane) {
    float x = packed_lane<E>(a, lane), y = packed_lane<E>(b, lane);
    float z = packed_lane<E>(c, lane);
    packed_scalar<E> v;
    if constexpr (Op == packed_op::add)
      v = packed_scalar<E>(x + y);
    else if constexpr (Op == packed_op::sub)
      v = packed_scalar<E>(x - y);
    else if constexpr (Op == packed_op::mul)
      v = packed_scalar<E>(x * y);
    else if constexpr (Op == packed_op::fma)
      v = packed_fma<E>(x, y, z);
    else if constexpr (Op == packed_op::min) // PTX: -0 < +0, one NaN ignored
      v = packed_scalar<E>(x != x                       ? y
                           : y != y                     ? x
                           : y < x || (y == x && y < 0) ? y
                           : x == 0 && y == 0 && std::signbit(y) ? y
                                                                 : x);
    else if constexpr (Op == packed_op::max)
      v = packed_scalar<E>(x != x                        ? y
                           : y != y                      ? x
                           : y > x                       ? y
                           : x == 0 && y == 0 && std::signbit(x) ? y
                                                                 : x);
    else if constexpr (Op == packed_op::neg)
      v = packed_scalar<E>(-x);
    else
      v = packed_scalar<E>(x < 0 ? -x : x);
    if constexpr (Op == packed_op::neg || Op == packed_op::abs) {
      // Sign-bit operations, NaN payloads included.
      uint32_t h = (a >> (16 * lane)) & 0xffffu;
      h = Op == packed_op::neg ? h ^ 0x8000u : h & 0x7fffu;
      r |= h << (16 * lane);
    } else {
      r |= packed_bits<E>(v) << (16 * lane);
    }
  }
  return r;
}

// Two floats rounded to nearest even into one pair (cvt.rn.f16x2.f32).
template <packed_elem E>
ALLOY_INTRINSIC("packed2.from_f32")
inline uint32_t packed2_from_f32(float lo, float hi) noexcept {
  return packed_bits<E>(packed_scalar<E>(lo)) |
         packed_bits<E>(packed_scalar<E>(hi)) << 16;
}

// The approximate functions of 16-bit values (gpu::fast::exp2 ... in
// <gpu/half.hpp>; alloy.approx). On the GPU exp2 and tanh are PTX's own
// 16-bit instructions where the target has them (ex2.approx.f16[x2],
// tanh.approx.f16[x2]; bf16 on sm_90), everything else is the value
// converted to float, one approximate f32 instruction (ex2, lg2, sqrt,
// rsqrt, rcp, sin, cos, tanh .approx.f32) and a rounding back. The host
// computes the function in float with <cmath> and rounds it once.
enum class approx_fn : int {
  exp2, tanh, exp, log, log2, sqrt, rsqrt, rcp, sin, cos
};

template <approx_fn F> inline float approx_float(float x) {
  if constexpr (F == approx_fn::exp2)
    return std::exp2(x);
  else if constexpr (F == approx_fn::tanh)
    return std::tanh(x);
  else if constexpr (F == approx_fn::exp)
    return std::exp(x);
  else if constexpr (F == approx_fn::log)
    return std::log(x);
  else if constexpr (F == approx_fn::log2)
    return std::log2(x);
  else if constexpr (F == approx_fn::sqrt)
    return std::sqrt(x);
  else if constexpr (F == approx_fn::rsqrt)
    return 1.0f / std::sqrt(x);
  else if constexpr (F == approx_fn::rcp)
    return 1.0f / x;
  else if constexpr (F == approx_fn::sin)
    return std::sin(x);
  else
    return std::cos(x);
}

// F of one 16-bit value (the bits of a half or a bfloat16).
template <approx_fn F, packed_elem E>
ALLOY_INTRINSIC("half.approx")
inline uint16_t half_approx(uint16_t a) noexcept {
  return uint16_t(packed_bits<E>(
      packed_scalar<E>(approx_float<F>(packed_lane<E>(a, 0)))));
}

// F of each lane of a pair.
template <approx_fn F, packed_elem E>
ALLOY_INTRINSIC("packed2.approx")
inline uint32_t packed2_approx(uint32_t a) noexcept {
  return packed_bits<E>(packed_scalar<E>(approx_float<F>(packed_lane<E>(a, 0)))) |
         packed_bits<E>(packed_scalar<E>(approx_float<F>(packed_lane<E>(a, 1))))
             << 16;
}

// Adds a pair to the pair at `p` (global or shared), atomically as a whole
// on the GPU (atom.add.noftz.f16x2; bf16 pairs a compare-and-swap loop);
// returns the old pair. On the host (the CPU device): a compare-and-swap
// loop (cpu::update).
template <packed_elem E>
ALLOY_INTRINSIC("packed2.atomic_add")
inline uint32_t packed2_atomic_add(uint32_t *p, uint32_t v) noexcept {
  return cpu::update(
      p, [v](uint32_t old) { return packed2<packed_op::add, E>(old, v, 0); });
}

// Adds a half to the half at `p` (global or shared), atomically on the GPU
// (atom.add.noftz.f16/.bf16; bf16 below sm_90 a compare-and-swap loop);
// returns the old value. On the host (the CPU device): a compare-and-swap
// loop (cpu::update).
template <packed_elem E>
ALLOY_INTRINSIC("half.atomic_add")
inline uint16_t half_atomic_add(uint16_t *p, uint16_t v) noexcept {
  return cpu::update(p, [v](uint16_t old) {
    return uint16_t(packed2<packed_op::add, E>(old, v, 0));
  });
}

} // namespace gpu::detail

#endif // GPU_DETAIL_TENSOR_INTRINSICS_HPP
