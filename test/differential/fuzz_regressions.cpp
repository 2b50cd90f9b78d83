// Reduced reproducers of miscompiles that test/fuzz found on the GPU (its
// FINDINGS.md). Cases 1 and 2 compiled to the wrong PTX before their fixes
// (a signed 32-bit compare; min.f64/max.f32). Case 3 has the PTX pattern of
// its bug, but ptxas folded it only inside the fuzzer's large translation
// units, so the fuzzer's batch remains its real test. Exact on both sides;
// every result is compared bit for bit.
#define DIFF_FAMILY "fuzz_regressions"
#include "harness.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>

namespace diff::fuzz_regressions {

// 1. A zero-extended 32-bit value fits in 32 bits only as an unsigned one.
// Upstream's narrowing kept signed predicates and operations on it, so
// `8 < (int64_t)c` was a signed 32-bit compare, false for c >= 2^31
// (the fix: alloy-narrow-index's own patterns).
DIFF_CASE(zext_signed_compare, diff::exact) {
  out.r[0] = int64_t(8) < static_cast<int64_t>(in.c);
  out.r[1] = static_cast<int64_t>(in.c) >= int64_t(in.d & 0xffff);
  out.r[2] = static_cast<int64_t>(in.c) <= int64_t(-1) ? 1 : 2;
}

DIFF_CASE(zext_signed_arith, diff::exact) {
  int64_t c = static_cast<int64_t>(in.c);
  int64_t d = static_cast<int64_t>(in.d % 7u) + 1;
  out.r[0] = uint64_t(c / d);
  out.r[1] = uint64_t(c % d);
  out.r[2] = uint64_t(std::max<int64_t>(c, 5));
  out.r[3] = uint64_t(c >> (in.d & 7u));
}

// A loop whose bound is such a comparison.
DIFF_CASE(zext_compare_in_loop, diff::exact) {
  float v = 3.0f;
  for (int32_t k = 12; k > 0; k -= 2)
    v = float(int64_t(8) < static_cast<int64_t>(in.c));
  out.r[0] = std::bit_cast<uint32_t>(v);
}

// 2. `a < b ? a : b` on zeros of opposite signs: LLVM's instruction
// selection made PTX min/max of such selects, which order -0 below +0, so
// std::min(0.0, -0.0) was -0.0 (the fix: alloy-signed-zero-selects).
// (Exact cases compare -0 and +0 as different.)
DIFF_CASE(min_max_signed_zero, diff::exact) {
  out.x[0] = std::min(0.0, in.x);
  out.x[1] = std::max(0.0, in.x);
  out.f[0] = std::min(0.0f, in.f);
  out.f[1] = std::max(-0.0f, in.f);
  out.f[2] = std::min(in.f, in.g);
}

DIFF_CASE(min_signed_zero_product, diff::exact) {
  // tu18.f214 of the fuzzer, reduced: -0.0 for every finite f.
  double m = std::min<double>(0.0, static_cast<double>(in.f) * -0.0);
  out.x[0] = m * 4294967295.0;
}

// 3. ptxas read the bits of an integer-to-float conversion, moved to an
// integer register and zero-extended, as a float-to-integer conversion:
// float(true)'s bits came out as 1, not 0x3f800000 (the fix:
// alloy-ptxas-fp-bits-guard's move through a typed register).
// The fuzzer's fz::bits: every NaN the same NaN, otherwise the bits.
uint64_t bits(float v) {
  return v != v ? 0x7fc00000u : std::bit_cast<uint32_t>(v);
}
uint64_t bits(double v) {
  return v != v ? 0x7ff8000000000000ull : std::bit_cast<uint64_t>(v);
}

DIFF_CASE(bool_to_float_bits, diff::exact) {
  out.r[0] = bits(float(in.c < in.d));
  out.r[1] = bits(float(int64_t(in.a) > int64_t(in.b))) ^ in.p;
  out.r[2] = bits(double(in.c == 7u || in.d < 5u));
  out.r[3] = bits(float(in.e & 1u));
}

} // namespace diff::fuzz_regressions
