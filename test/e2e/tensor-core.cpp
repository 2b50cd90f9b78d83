// The tensor cores on the GPU (<gpu/tensor_core.hpp>), checked against the
// host: one warp per mma.sync shape and type (m16n8k16 f16 and bf16 into
// f32, f16 into f16, m16n8k8 tf32, m16n8k32 s8 and u8, e4m3 and e5m2
// into f32), each fragment
// filled and read through its own row(i)/col(i) coordinates, so a wrong
// layout anywhere shows; gpu::mma::load (ldmatrix) from row- and
// column-major shared tiles; ldmatrix .x1/.x2/.x4 (.trans) against the
// PTX ISA's per-lane layout and stmatrix round trips (sm_90); cp.async of
// 4, 8 and 16 bytes with the zero-filling form; a gpu::pipeline ring. The
// inputs are small multiples of 1/4 (small integers for s8/u8), so every
// result is exact and compared bit for bit.
//
// The fp8 cases (m16n8k32 e4m3 and e5m2 into f32) need sm_89 or newer: the
// program is built for sm_90 (PTX ISA 8.4 for these kernels). Their inputs are random fp8 codes whose value (decoded on the host,
// fp8_value, itself checked on the formats' edge codes) is a multiple of
// 1/4 in [-2, 2], so the result is exact as for the other types.
#include <gpu/gpu.hpp>
#include <gpu/tensor_core.hpp>

#include "check.hpp"

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

namespace kernels {
using namespace gpu::mma;

// D = A * B + C for one warp: A is M x K, B is K x N ([k][n]), C and D are
// M x N, all row-major, one 32-bit word per element holding its bits (the
// low 8 or 16 for the narrow types). The 4-argument mma: D apart from C.
template <class Shape, class T, class Acc>
[[gpu::kernel, gpu::launch_contract(1, 32)]] void
mma_tile(std::span<const uint32_t> a, std::span<const uint32_t> b,
         std::span<const uint32_t> c, uint32_t *d) {
  using FA = fragment<role::a, Shape, T>;
  using FB = fragment<role::b, Shape, T>;
  using FC = fragment<role::accumulator, Shape, Acc>;
  constexpr uint32_t M = Shape::m, N = Shape::n, K = Shape::k;
  constexpr uint32_t bits = 32 / FA::per_register;
  constexpr uint32_t mask = bits == 32 ? ~0u : (1u << bits) - 1;
  FA fa;
  FB fb;
  FC fc, fd;
  for (int r = 0; r < FA::registers; ++r)
    fa.reg[r] = 0;
  for (int r = 0; r < FB::registers; ++r)
    fb.reg[r] = 0;
  for (int i = 0; i < FA::size; ++i)
    fa.reg[i / FA::per_register] |= (a[FA::row(i) * K + FA::col(i)] & mask)
                                    << (bits * (i % FA::per_register));
  for (int i = 0; i < FB::size; ++i)
    fb.reg[i / FB::per_register] |= (b[FB::row(i) * N + FB::col(i)] & mask)
                                    << (bits * (i % FB::per_register));
  if constexpr (std::is_same_v<Acc, gpu::half>) {
    fc.reg[0] = fc.reg[1] = 0;
    for (int i = 0; i < FC::size; ++i)
      fc.reg[i / 2] |= (c[FC::row(i) * N + FC::col(i)] & 0xffffu)
                       << (16 * (i % 2));
  } else {
    for (int i = 0; i < FC::size; ++i)
      fc.set(i, std::bit_cast<Acc>(c[FC::row(i) * N + FC::col(i)]));
  }
  mma(fd, fa, fb, fc);
  for (int i = 0; i < FC::size; ++i) {
    uint32_t v;
    if constexpr (std::is_same_v<Acc, gpu::half>)
      v = fd[i].bits();
    else
      v = std::bit_cast<uint32_t>(fd[i]);
    d[FC::row(i) * N + FC::col(i)] = v;
  }
}

// gpu::mma::load from shared tiles: A 16 x 16 row-major (or column-major
// when a_col_major), B 16 x 8 as [k][n] (row_major, ldmatrix.trans) or as
// [n][k] (col_major); the elements come in as half bits. D = A * B (f32).
[[gpu::kernel, gpu::launch_contract(1, 32)]] void
load_mma(std::span<const uint16_t> a, std::span<const uint16_t> b,
         int a_col_major, int b_col_major, float *d) {
  [[gpu::shared]] alignas(16) gpu::half as[16 * 16];
  [[gpu::shared]] alignas(16) gpu::half bs[16 * 8];
  uint32_t lane = gpu::thread_idx().x;
  // Stored as the layout says: element (r, c) of A at r * 16 + c
  // (row-major) or c * 16 + r; of B (k, n) at k * 8 + n or n * 16 + k.
  for (uint32_t i = lane; i < 16 * 16; i += 32) {
    uint32_t r = i / 16, c = i % 16;
    as[a_col_major ? c * 16 + r : i] = gpu::half::from_bits(a[i]);
  }
  for (uint32_t i = lane; i < 16 * 8; i += 32) {
    uint32_t k = i / 8, n = i % 8;
    bs[b_col_major ? n * 16 + k : i] = gpu::half::from_bits(b[i]);
  }
  gpu::sync_threads();
  gpu::smem_ptr<const gpu::half> at = gpu::assume_shared(&as[0]);
  gpu::smem_ptr<const gpu::half> bt = gpu::assume_shared(&bs[0]);
  fragment<role::a, m16n8k16, gpu::half> fa;
  fragment<role::b, m16n8k16, gpu::half> fb;
  fragment<role::accumulator, m16n8k16, float> acc{};
  if (a_col_major)
    load(fa, col_major,
         [&](uint32_t r, uint32_t c) { return at + c * 16 + r; });
  else
    load(fa, row_major,
         [&](uint32_t r, uint32_t c) { return at + r * 16 + c; });
  if (b_col_major)
    load(fb, col_major,
         [&](uint32_t k, uint32_t n) { return bt + n * 16 + k; });
  else
    load(fb, row_major, [&](uint32_t k, uint32_t n) { return bt + k * 8 + n; });
  mma(acc, fa, fb);
  store(acc, [&](uint32_t r, uint32_t c) { return d + r * 8 + c; });
}

// ldmatrix and stmatrix on a 32 x 8 tile of 16-bit values (four 8 x 8
// matrices, matrix j = rows 8j..8j+7): lane l addresses row l. regs gets,
// per lane, the 14 registers of x1, x2, x4, x1.trans, x2.trans, x4.trans;
// tiles gets four 256-element tiles written back by stmatrix: x4 of the x4
// registers, x4.trans of the x4.trans registers (both the original), x1.trans
// of the x1 registers (matrix 0 transposed, the rest untouched: zero), x2
// of the x2 registers (matrices 0 and 1).
[[gpu::kernel, gpu::launch_contract(1, 32)]] void
matrices(std::span<const uint16_t> in, uint32_t *regs, uint16_t *tiles) {
  [[gpu::shared]] alignas(16) uint16_t tile[256];
  [[gpu::shared]] alignas(16) uint16_t out[4][256];
  uint32_t lane = gpu::thread_idx().x;
  for (uint32_t i = lane; i < 256; i += 32) {
    tile[i] = in[i];
    for (int t = 0; t < 4; ++t)
      out[t][i] = 0;
  }
  gpu::sync_threads();
  gpu::smem_ptr<const uint16_t> row = gpu::assume_shared(&tile[lane * 8]);
  uint32_t r1[1], r2[2], r4[4], t1[1], t2[2], t4[4];
  ldmatrix<1>(r1, row);
  ldmatrix<2>(r2, row);
  ldmatrix<4>(r4, row);
  ldmatrix<1, true>(t1, row);
  ldmatrix<2, true>(t2, row);
  ldmatrix<4, true>(t4, row);
  uint32_t *mine = regs + lane * 14;
  mine[0] = r1[0];
  for (int j = 0; j < 2; ++j)
    mine[1 + j] = r2[j];
  for (int j = 0; j < 4; ++j)
    mine[3 + j] = r4[j];
  mine[7] = t1[0];
  for (int j = 0; j < 2; ++j)
    mine[8 + j] = t2[j];
  for (int j = 0; j < 4; ++j)
    mine[10 + j] = t4[j];
  stmatrix<4>(gpu::assume_shared(&out[0][lane * 8]), r4);
  stmatrix<4, true>(gpu::assume_shared(&out[1][lane * 8]), t4);
  stmatrix<1, true>(gpu::assume_shared(&out[2][lane * 8]), r1);
  stmatrix<2>(gpu::assume_shared(&out[3][lane * 8]), r2);
  gpu::sync_threads();
  for (uint32_t i = lane; i < 4 * 256; i += 32)
    tiles[i] = out[i / 256][i % 256];
}

// cp.async with zero fill: shared memory first set to 0xab bytes, then lane
// l copies 16 bytes (.cg) of which l % 17 are read, 8 bytes (.ca) of which
// l % 9, and 4 bytes of which 4 or 0 (l odd or even); plus a full 16-byte
// .ca copy. All in one group, waited for with wait_group 0.
[[gpu::kernel, gpu::launch_contract(1, 32)]] void
zero_fill(std::span<const uint32_t> in, uint32_t *out) {
  [[gpu::shared]] alignas(16) uint32_t s[32 * 4 + 32 * 2 + 32 + 32 * 4];
  uint32_t lane = gpu::thread_idx().x;
  constexpr uint32_t n = 32 * 4 + 32 * 2 + 32 + 32 * 4;
  for (uint32_t i = lane; i < n; i += 32)
    s[i] = 0xabababab;
  gpu::sync_threads();
  gpu::smem_ptr<uint32_t> base = gpu::assume_shared(&s[0]);
  gpu::cp_async<16>(base + 4 * lane, in.data() + 4 * lane, lane % 17);
  gpu::cp_async<8>(base + 128 + 2 * lane, in.data() + 128 + 2 * lane, lane % 9);
  gpu::cp_async<4>(base + 192 + lane, in.data() + 192 + lane, (lane % 2) * 4);
  gpu::cp_async<16, gpu::cache::all>(base + 224 + 4 * lane,
                                     in.data() + 224 + 4 * lane);
  gpu::cp_async_commit();
  gpu::cp_async_wait<0>();
  gpu::sync_threads();
  for (uint32_t i = lane; i < n; i += 32)
    out[i] = s[i];
}

// A 3-stage gpu::pipeline over `tiles` tiles of 128 floats: each thread
// sums its 4 floats of every tile, read after wait_for_oldest + barrier.
[[gpu::kernel, gpu::launch_contract(1, 32)]] void
pipeline_sum(std::span<const float> in, int tiles, float *out) {
  [[gpu::shared]] alignas(16) float ring[3 * 128];
  gpu::smem_ptr<float> base = gpu::assume_shared(&ring[0]);
  uint32_t t = gpu::thread_idx().x;
  gpu::pipeline<3> p;
  for (int s = 0; s < 2; ++s) {
    if (s < tiles)
      gpu::cp_async<16>(base + p.write() * 128 + 4 * t,
                        in.data() + s * 128 + 4 * t);
    p.commit();
  }
  float acc = 0;
  for (int k = 0; k < tiles; ++k) {
    p.wait_for_oldest();
    gpu::sync_threads();
    for (int e = 0; e < 4; ++e)
      acc += ring[p.read() * 128 + 4 * t + e];
    gpu::sync_threads(); // everyone is done with the stage it refills next
    if (k + 2 < tiles)
      gpu::cp_async<16>(base + p.write() * 128 + 4 * t,
                        in.data() + (k + 2) * 128 + 4 * t);
    p.commit();
    p.release();
  }
  out[t] = acc;
}
} // namespace kernels

namespace {
uint64_t state = 12345;
uint32_t next() {
  state = state * 6364136223846793005ull + 1442695040888963407ull;
  return uint32_t(state >> 33);
}
// A multiple of 1/4 in [-2, 2].
float quarter() { return float(int(next() % 17) - 8) / 4; }

uint32_t float_bits(float f) { return std::bit_cast<uint32_t>(f); }
// f is exact in the format (a few significant bits): no rounding here.
uint32_t half_bits(float f) { return gpu::half(f).bits(); }
uint32_t bf16_bits(float f) { return float_bits(f) >> 16; }
float half_value(uint32_t b) {
  return float(gpu::half::from_bits(uint16_t(b)));
}
float bf16_value(uint32_t b) { return std::bit_cast<float>(b << 16); }

// The value of an 8-bit float: e4m3 (bias 7, 3 mantissa bits, no
// infinities, S.1111.111 NaN, largest 448) or e5m2 (bias 15, 2 mantissa
// bits, IEEE-like: exponent 31 is infinity or NaN). Exact in double.
double fp8_value(uint32_t code, bool e5m2) {
  const int mbits = e5m2 ? 2 : 3, bias = e5m2 ? 15 : 7;
  const int emax = e5m2 ? 31 : 15;
  bool negative = code & 0x80;
  int e = int(code & 0x7f) >> mbits, m = int(code) & ((1 << mbits) - 1);
  double v;
  if (e5m2 && e == emax)
    v = m ? std::nan("") : HUGE_VAL;
  else if (!e5m2 && e == emax && m == 7)
    v = std::nan("");
  else if (e == 0) // subnormal: m * 2^(1 - bias - mbits)
    v = std::ldexp(double(m), 1 - bias - mbits);
  else
    v = std::ldexp(double(m + (1 << mbits)), e - bias - mbits);
  return negative ? -v : v;
}

// A random fp8 code (e5m2 or e4m3) whose value is a multiple of 1/4 in
// [-2, 2], like quarter(): drawn from all 256 codes until one is.
uint32_t fp8_quarter(bool e5m2) {
  for (;;) {
    uint32_t code = next() & 0xff;
    double v = fp8_value(code, e5m2);
    if (std::fabs(v) <= 2 && v * 4 == std::floor(v * 4))
      return code;
  }
}

// fp8_value on the codes whose value the formats define at their edges.
int test_fp8_decoder() {
  struct known {
    uint32_t code;
    bool e5m2;
    double value;
  };
  const known table[] = {
      {0x00, false, 0.0},      {0x80, false, -0.0},
      {0x01, false, 0x1p-9},   {0x07, false, 7 * 0x1p-9},
      {0x08, false, 0x1p-6},   {0x38, false, 1.0},
      {0x3c, false, 1.5},      {0xc0, false, -2.0},
      {0x7e, false, 448.0},    {0xfe, false, -448.0},
      {0x78, false, 256.0},    {0x00, true, 0.0},
      {0x01, true, 0x1p-16},   {0x03, true, 3 * 0x1p-16},
      {0x04, true, 0x1p-14},   {0x3c, true, 1.0},
      {0x3e, true, 1.5},       {0xc0, true, -2.0},
      {0x7b, true, 57344.0},   {0xfb, true, -57344.0},
      {0x7c, true, HUGE_VAL},  {0xfc, true, -HUGE_VAL},
  };
  int wrong = 0;
  for (const known &k : table) {
    double v = fp8_value(k.code, k.e5m2);
    wrong += v != k.value || std::signbit(v) != std::signbit(k.value);
  }
  // The NaNs: e4m3 S.1111.111 only, e5m2 S.11111.{01,10,11}.
  int nans4 = 0, nans5 = 0;
  for (uint32_t c = 0; c < 256; ++c) {
    nans4 += std::isnan(fp8_value(c, false));
    nans5 += std::isnan(fp8_value(c, true));
  }
  wrong += !std::isnan(fp8_value(0x7f, false)) +
           !std::isnan(fp8_value(0xff, false)) + (nans4 != 2) + (nans5 != 6);
  return check(wrong == 0, "host fp8 decoder (e4m3, e5m2) on edge codes",
               std::to_string(wrong) + " wrong");
}

enum class kind { f16, bf16, tf32, s8, u8, e4m3, e5m2 };

// One shape and type against the host: D = A * B + C, exactly.
template <class Shape, class T, class Acc>
int test_mma(gpu::context &ctx, kind k, const char *what) {
  auto &s = ctx.default_stream();
  constexpr int M = Shape::m, N = Shape::n, K = Shape::k;
  std::vector<uint32_t> a(M * K), b(K * N), c(M * N);
  std::vector<double> av(M * K), bv(K * N), cv(M * N);
  auto input = [&](uint32_t &bits, double &value) {
    if (k == kind::s8) {
      int v = int(next() % 256) - 128;
      bits = uint32_t(v) & 0xff, value = v;
    } else if (k == kind::u8) {
      int v = int(next() % 256);
      bits = uint32_t(v), value = v;
    } else if (k == kind::e4m3 || k == kind::e5m2) {
      bits = fp8_quarter(k == kind::e5m2);
      value = fp8_value(bits, k == kind::e5m2);
    } else {
      float v = quarter();
      bits = k == kind::f16    ? half_bits(v)
             : k == kind::bf16 ? bf16_bits(v)
                               : float_bits(v);
      value = v;
    }
  };
  for (int i = 0; i < M * K; ++i)
    input(a[i], av[i]);
  for (int i = 0; i < K * N; ++i)
    input(b[i], bv[i]);
  for (int i = 0; i < M * N; ++i) {
    if constexpr (std::is_same_v<Acc, int32_t>) {
      int v = int(next() % 2001) - 1000;
      c[i] = uint32_t(v), cv[i] = v;
    } else {
      float v = quarter() * 2;
      c[i] = std::is_same_v<Acc, gpu::half> ? half_bits(v) : float_bits(v);
      cv[i] = v;
    }
  }
  auto da = gpu::device_buffer<uint32_t>::from_host(s, a).value();
  auto db = gpu::device_buffer<uint32_t>::from_host(s, b).value();
  auto dc = gpu::device_buffer<uint32_t>::from_host(s, c).value();
  auto dd = gpu::device_buffer<uint32_t>::zeroed(s, M * N).value();
  auto p = gpu::prepare<kernels::mma_tile<Shape, T, Acc>>(
               ctx, gpu::launch_config_1d{1, 32})
               .value();
  auto r = gpu::launch(s, p, da, db, dc, dd);
  if (!r)
    return check(false, what, describe(r));
  std::vector<uint32_t> d = dd.to_host(s).value();
  int wrong = 0;
  std::string first;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      double ref = cv[i * N + j];
      for (int x = 0; x < K; ++x)
        ref += av[i * K + x] * bv[x * N + j];
      uint32_t got_bits = d[i * N + j];
      double got = std::is_same_v<Acc, int32_t> ? double(int32_t(got_bits))
                   : std::is_same_v<Acc, gpu::half>
                       ? half_value(got_bits)
                       : std::bit_cast<float>(got_bits);
      if (got != ref && wrong++ == 0)
        first = "D[" + std::to_string(i) + "][" + std::to_string(j) +
                "] = " + std::to_string(got) + ", expected " +
                std::to_string(ref);
    }
  return check(wrong == 0, what,
               wrong == 0 ? std::to_string(M * N) + " elements exact"
                          : std::to_string(wrong) + " wrong, first " + first);
}

int test_load(gpu::context &ctx, bool a_col, bool b_col) {
  auto &s = ctx.default_stream();
  std::vector<uint16_t> a(256), b(128);
  std::vector<float> av(256), bv(128);
  for (int i = 0; i < 256; ++i)
    av[i] = quarter(), a[i] = uint16_t(half_bits(av[i]));
  for (int i = 0; i < 128; ++i)
    bv[i] = quarter(), b[i] = uint16_t(half_bits(bv[i]));
  auto da = gpu::device_buffer<uint16_t>::from_host(s, a).value();
  auto db = gpu::device_buffer<uint16_t>::from_host(s, b).value();
  auto dd = gpu::device_buffer<float>::zeroed(s, 128).value();
  auto p = gpu::prepare<kernels::load_mma>(ctx, gpu::launch_config_1d{1, 32})
               .value();
  std::string what = std::string("gpu::mma::load A ") +
                     (a_col ? "col_major" : "row_major") + ", B " +
                     (b_col ? "col_major" : "row_major") + ", mma m16n8k16 f16";
  auto r = gpu::launch(s, p, da, db, int(a_col), int(b_col), dd);
  if (!r)
    return check(false, what.c_str(), describe(r));
  std::vector<float> d = dd.to_host(s).value();
  int wrong = 0;
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 8; ++j) {
      double ref = 0;
      for (int x = 0; x < 16; ++x)
        ref += double(av[i * 16 + x]) * bv[x * 8 + j];
      wrong += d[i * 8 + j] != ref;
    }
  return check(wrong == 0, what.c_str(),
               std::to_string(wrong) + " of 128 elements wrong");
}

int test_matrices(gpu::context &ctx) {
  auto &s = ctx.default_stream();
  std::vector<uint16_t> tile(256);
  for (int i = 0; i < 256; ++i)
    tile[i] = uint16_t(i * 7 + 3); // distinct
  auto din = gpu::device_buffer<uint16_t>::from_host(s, tile).value();
  auto dregs = gpu::device_buffer<uint32_t>::zeroed(s, 32 * 14).value();
  auto dtiles = gpu::device_buffer<uint16_t>::zeroed(s, 4 * 256).value();
  auto p = gpu::prepare<kernels::matrices>(ctx, gpu::launch_config_1d{1, 32})
               .value();
  auto r = gpu::launch(s, p, din, dregs, dtiles);
  if (!r)
    return check(false, "ldmatrix/stmatrix", describe(r));
  std::vector<uint32_t> regs = dregs.to_host(s).value();
  std::vector<uint16_t> tiles = dtiles.to_host(s).value();
  // Matrix j, element (r, c): tile[(8j + r) * 8 + c]. Lane l holds
  // (l / 4, 2 (l % 4) + {0, 1}), low half first; .trans: (2 (l % 4) + {0,
  // 1}, l / 4).
  auto elem = [&](int j, int r, int c) {
    return uint32_t(tile[(8 * j + r) * 8 + c]);
  };
  auto expect = [&](int j, int l, bool trans) {
    int r = l / 4, c = 2 * (l % 4);
    return trans ? elem(j, c, r) | elem(j, c + 1, r) << 16
                 : elem(j, r, c) | elem(j, r, c + 1) << 16;
  };
  int failures = 0;
  const int count[6] = {1, 2, 4, 1, 2, 4}, first[6] = {0, 1, 3, 7, 8, 10};
  const char *names[6] = {"ldmatrix .x1",       "ldmatrix .x2",
                          "ldmatrix .x4",       "ldmatrix .x1.trans",
                          "ldmatrix .x2.trans", "ldmatrix .x4.trans"};
  for (int v = 0; v < 6; ++v) {
    int wrong = 0;
    for (int l = 0; l < 32; ++l)
      for (int j = 0; j < count[v]; ++j)
        wrong += regs[l * 14 + first[v] + j] != expect(j, l, v >= 3);
    failures +=
        check(wrong == 0, names[v], std::to_string(wrong) + " registers wrong");
  }
  auto tile_check = [&](int t, auto expected, const char *what) {
    int wrong = 0;
    for (int i = 0; i < 256; ++i)
      wrong += tiles[t * 256 + i] != expected(i);
    return check(wrong == 0, what,
                 std::to_string(wrong) + " of 256 elements wrong");
  };
  failures += tile_check(
      0, [&](int i) { return tile[i]; },
      "stmatrix .x4 of ldmatrix .x4: the tile back");
  failures += tile_check(
      1, [&](int i) { return tile[i]; },
      "stmatrix .x4.trans of ldmatrix .x4.trans: the tile back");
  failures += tile_check(
      2,
      [&](int i) { return i < 64 ? tile[(i % 8) * 8 + i / 8] : uint16_t(0); },
      "stmatrix .x1.trans of ldmatrix .x1: matrix 0 transposed");
  failures += tile_check(
      3, [&](int i) { return i < 128 ? tile[i] : uint16_t(0); },
      "stmatrix .x2 of ldmatrix .x2: matrices 0 and 1");
  return failures;
}

int test_zero_fill(gpu::context &ctx) {
  auto &s = ctx.default_stream();
  constexpr int n = 32 * 4 + 32 * 2 + 32 + 32 * 4;
  std::vector<uint32_t> in(n);
  for (int i = 0; i < n; ++i)
    in[i] = 0x01010101u * uint32_t(i % 200 + 1) + 0x00020406u; // no zero bytes
  auto din = gpu::device_buffer<uint32_t>::from_host(s, in).value();
  auto dout = gpu::device_buffer<uint32_t>::zeroed(s, n).value();
  auto p = gpu::prepare<kernels::zero_fill>(ctx, gpu::launch_config_1d{1, 32})
               .value();
  auto r = gpu::launch(s, p, din, dout);
  if (!r)
    return check(false, "cp_async zero fill", describe(r));
  std::vector<uint32_t> out = dout.to_host(s).value();
  // The expected bytes: per copy, src_bytes from `in`, the rest zero.
  std::vector<unsigned char> expect(n * 4), src(n * 4), got(n * 4);
  std::memcpy(src.data(), in.data(), n * 4);
  std::memcpy(got.data(), out.data(), n * 4);
  auto copy = [&](int word, int bytes, int read) {
    for (int i = 0; i < bytes; ++i)
      expect[word * 4 + i] = i < read ? src[word * 4 + i] : 0;
  };
  for (int l = 0; l < 32; ++l) {
    copy(4 * l, 16, l % 17);
    copy(128 + 2 * l, 8, l % 9);
    copy(192 + l, 4, (l % 2) * 4);
    copy(224 + 4 * l, 16, 16);
  }
  int failures = 0;
  const char *names[4] = {"cp_async<16> (.cg) zero fill, 0 to 16 bytes read",
                          "cp_async<8> (.ca) zero fill, 0 to 8 bytes read",
                          "cp_async<4> (.ca) zero fill, 0 or 4 bytes read",
                          "cp_async<16, cache::all> (.ca), whole"};
  const int begin[5] = {0, 128, 192, 224, n};
  for (int part = 0; part < 4; ++part) {
    int wrong = 0;
    for (int i = begin[part] * 4; i < begin[part + 1] * 4; ++i)
      wrong += got[i] != expect[i];
    failures +=
        check(wrong == 0, names[part], std::to_string(wrong) + " bytes wrong");
  }
  return failures;
}

int test_pipeline(gpu::context &ctx) {
  auto &s = ctx.default_stream();
  const int tiles = 9;
  std::vector<float> in(tiles * 128);
  for (float &x : in)
    x = quarter();
  auto din = gpu::device_buffer<float>::from_host(s, in).value();
  auto dout = gpu::device_buffer<float>::zeroed(s, 32).value();
  auto p =
      gpu::prepare<kernels::pipeline_sum>(ctx, gpu::launch_config_1d{1, 32})
          .value();
  auto r = gpu::launch(s, p, din, tiles, dout);
  if (!r)
    return check(false, "gpu::pipeline<3>", describe(r));
  std::vector<float> out = dout.to_host(s).value();
  int wrong = 0;
  for (int t = 0; t < 32; ++t) {
    float ref = 0;
    for (int k = 0; k < tiles; ++k)
      for (int e = 0; e < 4; ++e)
        ref += in[k * 128 + 4 * t + e];
    wrong += out[t] != ref;
  }
  return check(wrong == 0, "gpu::pipeline<3> over 9 tiles of cp_async<16>",
               std::to_string(wrong) + " of 32 sums wrong");
}
} // namespace

int main() {
  auto ctx = gpu::context::create(0);
  if (!ctx) {
    std::fprintf(stderr, "%s\n", ctx.error().message().c_str());
    return 2;
  }
  using namespace gpu::mma;
  int failures = 0;
  try {
    failures += test_mma<m16n8k16, gpu::half, float>(*ctx, kind::f16,
                                                     "mma m16n8k16 f16 -> f32");
    failures += test_mma<m16n8k16, gpu::bfloat16, float>(
        *ctx, kind::bf16, "mma m16n8k16 bf16 -> f32");
    failures += test_mma<m16n8k16, gpu::half, gpu::half>(
        *ctx, kind::f16, "mma m16n8k16 f16 -> f16");
    failures += test_mma<m16n8k8, tf32, float>(*ctx, kind::tf32,
                                               "mma m16n8k8 tf32 -> f32");
    failures += test_mma<m16n8k32, int8_t, int32_t>(*ctx, kind::s8,
                                                    "mma m16n8k32 s8 -> s32");
    failures += test_mma<m16n8k32, uint8_t, int32_t>(*ctx, kind::u8,
                                                     "mma m16n8k32 u8 -> s32");
    failures += test_fp8_decoder();
    failures += test_mma<m16n8k32, gpu::fp8_e4m3, float>(
        *ctx, kind::e4m3, "mma m16n8k32 e4m3 -> f32");
    failures += test_mma<m16n8k32, gpu::fp8_e5m2, float>(
        *ctx, kind::e5m2, "mma m16n8k32 e5m2 -> f32");
    for (int a_col = 0; a_col < 2; ++a_col)
      for (int b_col = 0; b_col < 2; ++b_col)
        failures += test_load(*ctx, a_col, b_col);
    failures += test_matrices(*ctx);
    failures += test_zero_fill(*ctx);
    failures += test_pipeline(*ctx);
  } catch (const gpu::exception &e) {
    std::printf("FAILED: %s\n", e.what());
    return 1;
  }
  if (failures) {
    std::printf("FAILED: %d checks\n", failures);
    return 1;
  }
  std::printf("PASSED: all checks\n");
}
