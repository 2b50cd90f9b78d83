// Half-precision types for kernels and host code: gpu::half (IEEE
// binary16), gpu::bfloat16, and their packed pairs gpu::half2 /
// gpu::bfloat162 (CUDA's __half, __nv_bfloat16, __half2, __nv_bfloat162;
// <gpu/cuda_compat.hpp> gives those names and CUDA's intrinsics).
//
//   gpu::half a = 1.5f, b = 2.0f;
//   gpu::half c = gpu::fma(a, b, a);                 // one rounding
//   float f = c;                                     // exact
//   gpu::half2 p = gpu::half2::from_floats(x, y);    // cvt.rn.f16x2.f32
//   gpu::half2 q = gpu::fma(p, p, p) + p;            // fma.rn.f16x2, add.f16x2
//   auto [lo, hi] = q.to_floats();
//
// Scalars: arithmetic (+ - * /) rounds each operation to nearest even, as
// CUDA's __half; the conversions to and from float are implicit, as
// CUDA's, so `h + 1.0f` is ambiguous there and here (write
// `h + gpu::half(1.0f)` or `float(h) + 1.0f`). Comparisons are IEEE's (NaN
// unordered). In GPU code a single operation becomes one add.f16,
// mul.f16 ... instruction (bfloat16 arithmetic: f32 on sm_80), and
// `a * b + c` may fuse into an fma unless -fmad=false; gpu::fma is always
// one fused operation.
//
// Pairs: each operation works on both lanes (x in the low 16 bits, as
// CUDA's .x) through the packed intrinsics of
// <gpu/detail/tensor_intrinsics.hpp>: add, sub, mul and fma are one
// add.rn.f16x2 ... fma.rn.f16x2 (.bf16x2); min, max, neg and abs PTX's
// per lane. The host runs exact equivalents.
//
// min and max (gpu::hmin, hmax) are PTX's: a NaN operand yields the other
// operand (two NaNs: NaN), and -0 < +0. hmin_nan and hmax_nan return the
// canonical NaN (0x7fff) when either operand is NaN.
//
// Approximate functions (gpu::fast::exp2, tanh, exp, log, ...: PTX's
// ex2.approx.f16x2, tanh.approx.f16x2, or one approximate f32 instruction)
// are below, with their accuracy.
//
// NaNs: the GPU's arithmetic and conversions return the canonical NaN
// 0x7fff; on the host a NaN result may keep an operand's payload and sign.
// Only "is NaN" is portable. Negation and abs flip or clear the sign bit
// alone, NaNs included, on both.
//
// All four types are trivially copyable with a trivial default constructor
// (the value is then indeterminate, as a float's), so they can live in
// shared memory, device_buffer, gpu::vec, and move through warp shuffles.
#ifndef GPU_HALF_HPP
#define GPU_HALF_HPP

#include <gpu/detail/tensor_intrinsics.hpp>

#include <bit>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>

namespace gpu {

template <class S> class basic_half;
template <class S> struct basic_half2;

using half = basic_half<_Float16>;     // IEEE binary16, CUDA's __half
using bfloat16 = basic_half<__bf16>;   // CUDA's __nv_bfloat16
using half2 = basic_half2<_Float16>;   // CUDA's __half2
using bfloat162 = basic_half2<__bf16>; // CUDA's __nv_bfloat162

namespace detail {

// The bit patterns of each format.
template <class S> struct half_format;
template <> struct half_format<_Float16> {
  static constexpr packed_elem elem = packed_elem::f16;
  static constexpr int digits = 11; // significant bits
  static constexpr uint16_t inf = 0x7c00, nan = 0x7fff, snan = 0x7d00,
                            one = 0x3c00, max = 0x7bff, min_normal = 0x0400,
                            epsilon = 0x1400, round_error = 0x3800;
};
template <> struct half_format<__bf16> {
  static constexpr packed_elem elem = packed_elem::bf16;
  static constexpr int digits = 8;
  static constexpr uint16_t inf = 0x7f80, nan = 0x7fff, snan = 0x7fa0,
                            one = 0x3f80, max = 0x7f7f, min_normal = 0x0080,
                            epsilon = 0x3c00, round_error = 0x3f00;
};

// An integer rounded to nearest even at P significant bits, as a float
// (exact: at most P <= 24 bits). Converting that float to the narrow type
// is then exact or overflows to infinity, so an integer is rounded once.
template <int P, class I> constexpr float round_integer(I i) noexcept {
  bool negative = false;
  uint64_t u;
  if constexpr (std::is_signed_v<I>) {
    negative = i < 0;
    u = negative ? uint64_t(0) - uint64_t(int64_t(i)) : uint64_t(i);
  } else {
    u = uint64_t(i);
  }
  int width = std::bit_width(u);
  float f;
  if (width <= P) {
    f = float(u);
  } else {
    int shift = width - P;
    uint64_t q = u >> shift, rest = u & ((uint64_t(1) << shift) - 1);
    uint64_t halfway = uint64_t(1) << (shift - 1);
    if (rest > halfway || (rest == halfway && (q & 1)))
      ++q;
    f = float(q) * float(uint64_t(1) << shift); // q <= 2^P: exact
  }
  return negative ? -f : f;
}

} // namespace detail

// One 16-bit floating-point value: S is _Float16 (gpu::half) or __bf16
// (gpu::bfloat16).
template <class S> class basic_half {
  using format = detail::half_format<S>;

public:
  using value_type = S;

  // Trivial: `gpu::half h;` is indeterminate, `gpu::half h{};` is +0.
  basic_half() = default;
  // Rounded to nearest even (overflow: infinity; NaN stays NaN).
  constexpr basic_half(float f) noexcept : value_(static_cast<S>(f)) {}
  constexpr basic_half(double d) noexcept : value_(static_cast<S>(d)) {}
  constexpr basic_half(S v) noexcept : value_(v) {}
  constexpr basic_half(short i) noexcept : basic_half(from_integer(i)) {}
  constexpr basic_half(unsigned short i) noexcept
      : basic_half(from_integer(i)) {}
  constexpr basic_half(int i) noexcept : basic_half(from_integer(i)) {}
  constexpr basic_half(unsigned i) noexcept : basic_half(from_integer(i)) {}
  constexpr basic_half(long i) noexcept : basic_half(from_integer(i)) {}
  constexpr basic_half(unsigned long i) noexcept
      : basic_half(from_integer(i)) {}
  constexpr basic_half(long long i) noexcept : basic_half(from_integer(i)) {}
  constexpr basic_half(unsigned long long i) noexcept
      : basic_half(from_integer(i)) {}

  // Exact.
  constexpr operator float() const noexcept { return float(value_); }
  constexpr S value() const noexcept { return value_; }

  static constexpr basic_half from_bits(uint16_t bits) noexcept {
    return basic_half(std::bit_cast<S>(bits));
  }
  constexpr uint16_t bits() const noexcept {
    return std::bit_cast<uint16_t>(value_);
  }

  // One rounding per operation (computed in float, where + - * / of two
  // 16-bit values round only once more, harmlessly).
  friend constexpr basic_half operator+(basic_half a, basic_half b) noexcept {
    return basic_half(S(a.value_ + b.value_));
  }
  friend constexpr basic_half operator-(basic_half a, basic_half b) noexcept {
    return basic_half(S(a.value_ - b.value_));
  }
  friend constexpr basic_half operator*(basic_half a, basic_half b) noexcept {
    return basic_half(S(a.value_ * b.value_));
  }
  friend constexpr basic_half operator/(basic_half a, basic_half b) noexcept {
    return basic_half(S(a.value_ / b.value_));
  }
  // The sign bit flipped (NaN payloads kept).
  friend constexpr basic_half operator-(basic_half a) noexcept {
    return from_bits(uint16_t(a.bits() ^ 0x8000u));
  }
  friend constexpr basic_half operator+(basic_half a) noexcept { return a; }

  constexpr basic_half &operator+=(basic_half o) noexcept {
    return *this = *this + o;
  }
  constexpr basic_half &operator-=(basic_half o) noexcept {
    return *this = *this - o;
  }
  constexpr basic_half &operator*=(basic_half o) noexcept {
    return *this = *this * o;
  }
  constexpr basic_half &operator/=(basic_half o) noexcept {
    return *this = *this / o;
  }
  constexpr basic_half &operator++() noexcept {
    return *this = *this + from_bits(format::one);
  }
  constexpr basic_half &operator--() noexcept {
    return *this = *this - from_bits(format::one);
  }
  constexpr basic_half operator++(int) noexcept {
    basic_half old = *this;
    ++*this;
    return old;
  }
  constexpr basic_half operator--(int) noexcept {
    basic_half old = *this;
    --*this;
    return old;
  }

  // IEEE comparisons: false with a NaN, except != (true); -0 == +0.
  friend constexpr bool operator==(basic_half a, basic_half b) noexcept {
    return a.value_ == b.value_;
  }
  friend constexpr bool operator!=(basic_half a, basic_half b) noexcept {
    return a.value_ != b.value_;
  }
  friend constexpr bool operator<(basic_half a, basic_half b) noexcept {
    return a.value_ < b.value_;
  }
  friend constexpr bool operator<=(basic_half a, basic_half b) noexcept {
    return a.value_ <= b.value_;
  }
  friend constexpr bool operator>(basic_half a, basic_half b) noexcept {
    return a.value_ > b.value_;
  }
  friend constexpr bool operator>=(basic_half a, basic_half b) noexcept {
    return a.value_ >= b.value_;
  }

private:
  // Rounded once. For half, through float: an integer's float is exact
  // below 2^24, and every one from 65520 up (whose float is >= 65520
  // too) becomes infinity either way. bfloat16 needs the integer rounded
  // at 8 bits first (2^24 + 2^16 + 1 would round twice through float).
  template <class I> static constexpr basic_half from_integer(I i) noexcept {
    if constexpr (std::is_same_v<S, _Float16>)
      return basic_half(static_cast<S>(static_cast<float>(i)));
    else
      return basic_half(
          static_cast<S>(detail::round_integer<format::digits>(i)));
  }

  S value_;
};

// --- Scalar functions -------------------------------------------------------

template <class S> constexpr bool isnan(basic_half<S> h) noexcept {
  return (h.bits() & 0x7fffu) > detail::half_format<S>::inf;
}
template <class S> constexpr bool isinf(basic_half<S> h) noexcept {
  return (h.bits() & 0x7fffu) == detail::half_format<S>::inf;
}
template <class S> constexpr bool isfinite(basic_half<S> h) noexcept {
  return (h.bits() & 0x7fffu) < detail::half_format<S>::inf;
}
template <class S> constexpr bool signbit(basic_half<S> h) noexcept {
  return (h.bits() & 0x8000u) != 0;
}
// The sign bit cleared (NaN payloads kept).
template <class S> constexpr basic_half<S> abs(basic_half<S> h) noexcept {
  return basic_half<S>::from_bits(uint16_t(h.bits() & 0x7fffu));
}

namespace detail {
// One lane of a packed operation (the other lane computes on zeros).
template <packed_op Op, class S>
basic_half<S> packed_lane0(basic_half<S> a, basic_half<S> b,
                           basic_half<S> c) noexcept {
  return basic_half<S>::from_bits(uint16_t(
      packed2<Op, half_format<S>::elem>(a.bits(), b.bits(), c.bits())));
}
} // namespace detail

// a * b + c rounded once (fma.rn.f16 / fma.rn.bf16).
template <class S>
basic_half<S> fma(basic_half<S> a, basic_half<S> b, basic_half<S> c) noexcept {
  return detail::packed_lane0<detail::packed_op::fma>(a, b, c);
}
// PTX's min/max: a NaN operand yields the other one; min(-0, +0) = -0,
// max(-0, +0) = +0 (CUDA's __hmin, __hmax).
template <class S>
basic_half<S> hmin(basic_half<S> a, basic_half<S> b) noexcept {
  return detail::packed_lane0<detail::packed_op::min>(a, b, basic_half<S>());
}
template <class S>
basic_half<S> hmax(basic_half<S> a, basic_half<S> b) noexcept {
  return detail::packed_lane0<detail::packed_op::max>(a, b, basic_half<S>());
}
// The same, but NaN (0x7fff) when either operand is NaN (__hmin_nan).
template <class S>
constexpr basic_half<S> hmin_nan(basic_half<S> a, basic_half<S> b) noexcept {
  if (isnan(a) || isnan(b))
    return basic_half<S>::from_bits(detail::half_format<S>::nan);
  return b < a || (b == a && signbit(b)) ? b : a;
}
template <class S>
constexpr basic_half<S> hmax_nan(basic_half<S> a, basic_half<S> b) noexcept {
  if (isnan(a) || isnan(b))
    return basic_half<S>::from_bits(detail::half_format<S>::nan);
  return b > a || (b == a && !signbit(b)) ? b : a;
}
// max(h, +0): negative values and NaN become +0.
template <class S> basic_half<S> relu(basic_half<S> h) noexcept {
  return hmax(h, basic_half<S>::from_bits(0));
}

// --- Pairs ------------------------------------------------------------------

namespace detail {
// One packed instruction on both lanes (unary operations ignore b and c,
// binary ones c).
template <packed_op Op, class S>
basic_half2<S> packed(basic_half2<S> a, basic_half2<S> b,
                      basic_half2<S> c) noexcept;
} // namespace detail

// Two 16-bit values in one 32-bit word: x is lane 0 (the low 16 bits), y
// lane 1, as in CUDA's __half2.
template <class S> struct alignas(4) basic_half2 {
  using value_type = basic_half<S>;

  basic_half<S> x, y;

  basic_half2() = default; // trivial, as basic_half's
  constexpr basic_half2(basic_half<S> x_, basic_half<S> y_) noexcept
      : x(x_), y(y_) {}
  // Both lanes h (CUDA's __half2half2).
  static constexpr basic_half2 broadcast(basic_half<S> h) noexcept {
    return basic_half2(h, h);
  }
  // lo and hi rounded to nearest even (cvt.rn.f16x2.f32 / .bf16x2).
  static basic_half2 from_floats(float lo, float hi) noexcept {
    return from_bits(
        detail::packed2_from_f32<detail::half_format<S>::elem>(lo, hi));
  }
  static constexpr basic_half2 from_bits(uint32_t bits) noexcept {
    return basic_half2(basic_half<S>::from_bits(uint16_t(bits)),
                       basic_half<S>::from_bits(uint16_t(bits >> 16)));
  }
  constexpr uint32_t bits() const noexcept {
    return uint32_t(x.bits()) | uint32_t(y.bits()) << 16;
  }
  // Exact.
  constexpr float low_float() const noexcept { return float(x); }
  constexpr float high_float() const noexcept { return float(y); }
  constexpr std::pair<float, float> to_floats() const noexcept {
    return {float(x), float(y)};
  }

  friend basic_half2 operator+(basic_half2 a, basic_half2 b) noexcept {
    return detail::packed<detail::packed_op::add>(a, b, {});
  }
  friend basic_half2 operator-(basic_half2 a, basic_half2 b) noexcept {
    return detail::packed<detail::packed_op::sub>(a, b, {});
  }
  friend basic_half2 operator*(basic_half2 a, basic_half2 b) noexcept {
    return detail::packed<detail::packed_op::mul>(a, b, {});
  }
  // Lane by lane, each rounded once (PTX has no packed division).
  friend constexpr basic_half2 operator/(basic_half2 a,
                                         basic_half2 b) noexcept {
    return basic_half2(a.x / b.x, a.y / b.y);
  }
  friend basic_half2 operator-(basic_half2 a) noexcept {
    return detail::packed<detail::packed_op::neg>(a, {}, {});
  }
  friend constexpr basic_half2 operator+(basic_half2 a) noexcept { return a; }

  basic_half2 &operator+=(basic_half2 o) noexcept { return *this = *this + o; }
  basic_half2 &operator-=(basic_half2 o) noexcept { return *this = *this - o; }
  basic_half2 &operator*=(basic_half2 o) noexcept { return *this = *this * o; }
  constexpr basic_half2 &operator/=(basic_half2 o) noexcept {
    return *this = *this / o;
  }
  basic_half2 &operator++() noexcept { return *this += one(); }
  basic_half2 &operator--() noexcept { return *this -= one(); }
  basic_half2 operator++(int) noexcept {
    basic_half2 old = *this;
    *this += one();
    return old;
  }
  basic_half2 operator--(int) noexcept {
    basic_half2 old = *this;
    *this -= one();
    return old;
  }

  // As CUDA's __half2 operators: true when the comparison holds in both
  // lanes (__hbeq2, __hblt2 ...; != is __hbneu2: both lanes differ or are
  // unordered, so `a != b` is not `!(a == b)`). Per-lane results:
  // gpu::lane_eq and friends.
  friend constexpr bool operator==(basic_half2 a, basic_half2 b) noexcept {
    return a.x == b.x && a.y == b.y;
  }
  friend constexpr bool operator!=(basic_half2 a, basic_half2 b) noexcept {
    return a.x != b.x && a.y != b.y;
  }
  friend constexpr bool operator<(basic_half2 a, basic_half2 b) noexcept {
    return a.x < b.x && a.y < b.y;
  }
  friend constexpr bool operator<=(basic_half2 a, basic_half2 b) noexcept {
    return a.x <= b.x && a.y <= b.y;
  }
  friend constexpr bool operator>(basic_half2 a, basic_half2 b) noexcept {
    return a.x > b.x && a.y > b.y;
  }
  friend constexpr bool operator>=(basic_half2 a, basic_half2 b) noexcept {
    return a.x >= b.x && a.y >= b.y;
  }

private:
  static constexpr basic_half2 one() noexcept {
    return broadcast(basic_half<S>::from_bits(detail::half_format<S>::one));
  }
};

template <detail::packed_op Op, class S>
basic_half2<S> detail::packed(basic_half2<S> a, basic_half2<S> b,
                              basic_half2<S> c) noexcept {
  return basic_half2<S>::from_bits(
      packed2<Op, half_format<S>::elem>(a.bits(), b.bits(), c.bits()));
}

// Lane by lane: a * b + c rounded once (fma.rn.f16x2 / .bf16x2).
template <class S>
basic_half2<S> fma(basic_half2<S> a, basic_half2<S> b,
                   basic_half2<S> c) noexcept {
  return detail::packed<detail::packed_op::fma>(a, b, c);
}
template <class S>
basic_half2<S> hmin(basic_half2<S> a, basic_half2<S> b) noexcept {
  return detail::packed<detail::packed_op::min>(a, b, {});
}
template <class S>
basic_half2<S> hmax(basic_half2<S> a, basic_half2<S> b) noexcept {
  return detail::packed<detail::packed_op::max>(a, b, {});
}
template <class S>
constexpr basic_half2<S> hmin_nan(basic_half2<S> a, basic_half2<S> b) noexcept {
  return {hmin_nan(a.x, b.x), hmin_nan(a.y, b.y)};
}
template <class S>
constexpr basic_half2<S> hmax_nan(basic_half2<S> a, basic_half2<S> b) noexcept {
  return {hmax_nan(a.x, b.x), hmax_nan(a.y, b.y)};
}
template <class S> basic_half2<S> abs(basic_half2<S> a) noexcept {
  return detail::packed<detail::packed_op::abs>(a, {}, {});
}
// max(h, +0) in each lane (NaN lanes become +0).
template <class S> basic_half2<S> relu(basic_half2<S> a) noexcept {
  return hmax(a, basic_half2<S>::from_bits(0));
}

// --- Approximate functions --------------------------------------------------
//
// gpu::fast::exp2, tanh, exp, log, log2, sqrt, rsqrt, rcp, sin, cos of a
// half, a bfloat16 or each lane of a pair: PTX's approximations, as CUDA's
// hexp2, htanh_approx, hexp, hlog ... (<gpu/cuda_compat.hpp> has those
// names). exp2 and tanh are PTX's own 16-bit instructions where the target
// has them (ex2.approx.f16 / .f16x2, tanh.approx.f16 / .f16x2; bfloat16:
// ex2.approx.ftz.bf16 / .bf16x2 and tanh.approx.bf16 / .bf16x2 on sm_90);
// the others, and bfloat16's exp2 and tanh below sm_90, convert to float,
// run one approximate f32 instruction and round back once (the lowest
// --gpu-arch decides for every cubin). Accuracy, in units in the last place
// of the result type (test/e2e/half-math.cpp checks every 16-bit input):
//   exp2   2 ulp (ex2.approx.f16, PTX: relative error 2^-9.9; bfloat16 on
//          sm_90 ex2.approx.ftz.bf16, relative 2^-7, subnormals flushed);
//          1 ulp through f32
//   tanh   2 ulp or an absolute error of 2^-10 for half (tanh.approx.f16,
//          PTX: 2^-10.987), of 2^-7 for bfloat16 on sm_90 (PTX: 2^-8);
//          1 ulp through f32 (tanh.approx.f32)
//   exp, sqrt, rsqrt, rcp: 1 ulp (ex2/sqrt/rsqrt/rcp .approx.f32; exp
//          multiplies by log2(e) in float)
//   log, log2: 1 ulp plus an absolute error of 2^-21 (lg2.approx.f32, whose
//          error near 1 is absolute; log multiplies by ln(2) in float)
//   sin, cos: 1 ulp plus an absolute error of 2^-19 for |x| <= 65504 (the
//          argument reduced to [-pi, pi] in float, then sin/cos.approx.f32);
//          beyond that (bfloat16 only) some value in [-1, 1]
// Special values are IEEE's (exp2(-inf) = +0, log(0) = -inf, rsqrt(-0) =
// -inf, sin(inf) = NaN, tanh(+-inf) = +-1 ...); a result below the normal
// range may be flushed to zero. On the host each computes the function in
// float with <cmath> and rounds once: host and GPU results differ by up to
// the bounds above.
namespace detail {
template <approx_fn F, class S>
basic_half<S> approx(basic_half<S> h) noexcept {
  return basic_half<S>::from_bits(
      half_approx<F, half_format<S>::elem>(h.bits()));
}
template <approx_fn F, class S>
basic_half2<S> approx(basic_half2<S> h) noexcept {
  return basic_half2<S>::from_bits(
      packed2_approx<F, half_format<S>::elem>(h.bits()));
}
} // namespace detail

namespace fast {
// 2^x.
template <class S> basic_half<S> exp2(basic_half<S> x) noexcept {
  return detail::approx<detail::approx_fn::exp2>(x);
}
template <class S> basic_half2<S> exp2(basic_half2<S> x) noexcept {
  return detail::approx<detail::approx_fn::exp2>(x);
}
// tanh x.
template <class S> basic_half<S> tanh(basic_half<S> x) noexcept {
  return detail::approx<detail::approx_fn::tanh>(x);
}
template <class S> basic_half2<S> tanh(basic_half2<S> x) noexcept {
  return detail::approx<detail::approx_fn::tanh>(x);
}
// e^x.
template <class S> basic_half<S> exp(basic_half<S> x) noexcept {
  return detail::approx<detail::approx_fn::exp>(x);
}
template <class S> basic_half2<S> exp(basic_half2<S> x) noexcept {
  return detail::approx<detail::approx_fn::exp>(x);
}
// ln x.
template <class S> basic_half<S> log(basic_half<S> x) noexcept {
  return detail::approx<detail::approx_fn::log>(x);
}
template <class S> basic_half2<S> log(basic_half2<S> x) noexcept {
  return detail::approx<detail::approx_fn::log>(x);
}
// log2 x.
template <class S> basic_half<S> log2(basic_half<S> x) noexcept {
  return detail::approx<detail::approx_fn::log2>(x);
}
template <class S> basic_half2<S> log2(basic_half2<S> x) noexcept {
  return detail::approx<detail::approx_fn::log2>(x);
}
// The square root.
template <class S> basic_half<S> sqrt(basic_half<S> x) noexcept {
  return detail::approx<detail::approx_fn::sqrt>(x);
}
template <class S> basic_half2<S> sqrt(basic_half2<S> x) noexcept {
  return detail::approx<detail::approx_fn::sqrt>(x);
}
// 1 / sqrt(x).
template <class S> basic_half<S> rsqrt(basic_half<S> x) noexcept {
  return detail::approx<detail::approx_fn::rsqrt>(x);
}
template <class S> basic_half2<S> rsqrt(basic_half2<S> x) noexcept {
  return detail::approx<detail::approx_fn::rsqrt>(x);
}
// 1 / x.
template <class S> basic_half<S> rcp(basic_half<S> x) noexcept {
  return detail::approx<detail::approx_fn::rcp>(x);
}
template <class S> basic_half2<S> rcp(basic_half2<S> x) noexcept {
  return detail::approx<detail::approx_fn::rcp>(x);
}
// sin x, cos x (x in radians).
template <class S> basic_half<S> sin(basic_half<S> x) noexcept {
  return detail::approx<detail::approx_fn::sin>(x);
}
template <class S> basic_half2<S> sin(basic_half2<S> x) noexcept {
  return detail::approx<detail::approx_fn::sin>(x);
}
template <class S> basic_half<S> cos(basic_half<S> x) noexcept {
  return detail::approx<detail::approx_fn::cos>(x);
}
template <class S> basic_half2<S> cos(basic_half2<S> x) noexcept {
  return detail::approx<detail::approx_fn::cos>(x);
}
} // namespace fast

// Per-lane comparisons: 1.0 in each lane where it holds, else 0.0 (C++'s
// meaning per lane: false with a NaN, except lane_ne).
namespace detail {
template <class S, class Pred>
constexpr basic_half2<S> lanewise(basic_half2<S> a, basic_half2<S> b,
                                  Pred p) noexcept {
  auto v = [](bool t) {
    return basic_half<S>::from_bits(t ? half_format<S>::one : uint16_t(0));
  };
  return {v(p(a.x, b.x)), v(p(a.y, b.y))};
}
} // namespace detail
template <class S>
constexpr basic_half2<S> lane_eq(basic_half2<S> a, basic_half2<S> b) noexcept {
  return detail::lanewise(a, b, [](auto l, auto r) { return l == r; });
}
template <class S>
constexpr basic_half2<S> lane_ne(basic_half2<S> a, basic_half2<S> b) noexcept {
  return detail::lanewise(a, b, [](auto l, auto r) { return l != r; });
}
template <class S>
constexpr basic_half2<S> lane_lt(basic_half2<S> a, basic_half2<S> b) noexcept {
  return detail::lanewise(a, b, [](auto l, auto r) { return l < r; });
}
template <class S>
constexpr basic_half2<S> lane_le(basic_half2<S> a, basic_half2<S> b) noexcept {
  return detail::lanewise(a, b, [](auto l, auto r) { return l <= r; });
}
template <class S>
constexpr basic_half2<S> lane_gt(basic_half2<S> a, basic_half2<S> b) noexcept {
  return detail::lanewise(a, b, [](auto l, auto r) { return l > r; });
}
template <class S>
constexpr basic_half2<S> lane_ge(basic_half2<S> a, basic_half2<S> b) noexcept {
  return detail::lanewise(a, b, [](auto l, auto r) { return l >= r; });
}

// Atomic addition of a half (global or shared memory), returning the old
// value: atom.add.noftz.f16 (bf16: atom.add.noftz.bf16 on sm_90, a
// compare-and-swap loop below). Relaxed, device scope, as CUDA's atomicAdd.
// On the host: a plain update.
template <class S>
basic_half<S> atomic_add(basic_half<S> *p,
                         std::type_identity_t<basic_half<S>> v) noexcept {
  return basic_half<S>::from_bits(
      detail::half_atomic_add<detail::half_format<S>::elem>(
          reinterpret_cast<uint16_t *>(p), v.bits()));
}

// Atomic addition of a pair (global or shared memory), returning the old
// pair: atom.add.noftz.f16x2 (bf16 pairs: a compare-and-swap loop).
// Relaxed, device scope, as CUDA's atomicAdd. On the host: a plain update.
template <class S>
basic_half2<S> atomic_add(basic_half2<S> *p,
                          std::type_identity_t<basic_half2<S>> v) noexcept {
  return basic_half2<S>::from_bits(
      detail::packed2_atomic_add<detail::half_format<S>::elem>(
          reinterpret_cast<uint32_t *>(p), v.bits()));
}

static_assert(sizeof(half) == 2 && sizeof(bfloat16) == 2);
static_assert(sizeof(half2) == 4 && alignof(half2) == 4);
static_assert(sizeof(bfloat162) == 4 && alignof(bfloat162) == 4);
static_assert(std::is_trivially_copyable_v<half> &&
              std::is_trivially_default_constructible_v<half> &&
              std::is_trivially_copyable_v<half2> &&
              std::is_trivially_default_constructible_v<half2>);

} // namespace gpu

// numeric_limits of both types (quiet_NaN is the GPU's canonical 0x7fff).
template <class S> struct std::numeric_limits<gpu::basic_half<S>> {
private:
  using T = gpu::basic_half<S>;
  using format = gpu::detail::half_format<S>;
  static constexpr bool binary16 = std::is_same_v<S, _Float16>;

public:
  static constexpr bool is_specialized = true;
  static constexpr bool is_signed = true;
  static constexpr bool is_integer = false;
  static constexpr bool is_exact = false;
  static constexpr bool has_infinity = true;
  static constexpr bool has_quiet_NaN = true;
  static constexpr bool has_signaling_NaN = true;
  static constexpr bool has_denorm_loss = false;
  static constexpr std::float_round_style round_style = std::round_to_nearest;
  static constexpr bool is_iec559 = binary16; // bfloat16 is not IEEE's
  static constexpr bool is_bounded = true;
  static constexpr bool is_modulo = false;
  static constexpr int digits = format::digits;
  static constexpr int digits10 = binary16 ? 3 : 2;
  static constexpr int max_digits10 = binary16 ? 5 : 4;
  static constexpr int radix = 2;
  static constexpr int min_exponent = binary16 ? -13 : -125;
  static constexpr int min_exponent10 = binary16 ? -4 : -37;
  static constexpr int max_exponent = binary16 ? 16 : 128;
  static constexpr int max_exponent10 = binary16 ? 4 : 38;
  static constexpr bool traps = false;
  static constexpr bool tinyness_before = false;

  static constexpr T min() noexcept { return T::from_bits(format::min_normal); }
  static constexpr T max() noexcept { return T::from_bits(format::max); }
  static constexpr T lowest() noexcept {
    return T::from_bits(uint16_t(format::max | 0x8000u));
  }
  static constexpr T epsilon() noexcept {
    return T::from_bits(format::epsilon);
  }
  static constexpr T round_error() noexcept {
    return T::from_bits(format::round_error);
  }
  static constexpr T infinity() noexcept { return T::from_bits(format::inf); }
  static constexpr T quiet_NaN() noexcept { return T::from_bits(format::nan); }
  static constexpr T signaling_NaN() noexcept {
    return T::from_bits(format::snan);
  }
  static constexpr T denorm_min() noexcept { return T::from_bits(1); }
};

#endif // GPU_HALF_HPP
