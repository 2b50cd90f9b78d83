// Warpgroup MMA on the GPU (sm_90a): one warpgroup multiplies a 64 x K tile
// of A by a K x N tile of B (given transposed, N x K), both written into
// gpu::wgmma::tile shared memory by ordinary stores, for every swizzle
// mode, f16, bf16, tf32 and e4m3 operands, and N from 8 to 256; also two
// groups in flight (wait<1> then wait<0>), the gpu::wgmma::batch scope, and
// B stored N-major (gpu::wgmma::mn_major_tile: B as K x N row-major) with A
// from shared memory or from registers.
// Inputs are small multiples of 1/4 (fp8: of 1/2), so every product and sum
// is exact in f32: the results must equal the host's exactly.
#include <gpu/gpu.hpp>
#include <gpu/hopper.hpp>
#include <gpu/wgmma.hpp>

#include "check.hpp"

#include <bit>
#include <cstdio>
#include <span>
#include <string>
#include <vector>

namespace kernels {
using gpu::wgmma::swizzle;

template <class T> using bits_t = std::conditional_t<
    sizeof(T) == 1, uint8_t, std::conditional_t<sizeof(T) == 2, uint16_t, uint32_t>>;

// C (64 x N, row-major) = A (64 x K) * B, B given as N x K. With `groups`
// 2, the k-steps' first half is one group and the second half another
// (wait<1> between), which must give the same product.
template <class T, int N, int K, swizzle S, int Groups>
[[gpu::kernel, gpu::launch_contract(1, 128)]] void
tile_product(std::span<const bits_t<T>> a, std::span<const bits_t<T>> bt,
             float *c) {
  using TileA = gpu::wgmma::tile<T, 64, K, S>;
  using TileB = gpu::wgmma::tile<T, N, K, S>;
  [[gpu::shared]] TileA ta;
  [[gpu::shared]] TileB tb;
  uint32_t t = gpu::thread_idx().x;
  for (uint32_t i = t; i < 64 * K; i += 128)
    ta.at(int(i / K), int(i % K)) = std::bit_cast<T>(a[i]);
  for (uint32_t i = t; i < N * K; i += 128)
    tb.at(int(i / K), int(i % K)) = std::bit_cast<T>(bt[i]);
  gpu::fence_proxy_async(); // ordinary stores, read by the async proxy
  gpu::sync_threads();
  gpu::wgmma::accumulator<N> acc;
  constexpr int steps = K / TileA::k_step;
  if constexpr (Groups == 1) {
    gpu::wgmma::fence(acc);
#pragma unroll
    for (int s = 0; s < steps; ++s)
      gpu::wgmma::mma_async(acc, ta.desc(0, s * TileA::k_step),
                            tb.desc(0, s * TileA::k_step), s > 0);
    gpu::wgmma::commit();
    gpu::wgmma::wait<0>(acc);
  } else {
    acc.zero();
    gpu::wgmma::fence(acc);
#pragma unroll
    for (int s = 0; s < steps / 2; ++s)
      gpu::wgmma::mma_async(acc, ta.desc(0, s * TileA::k_step),
                            tb.desc(0, s * TileA::k_step));
    gpu::wgmma::commit();
#pragma unroll
    for (int s = steps / 2; s < steps; ++s)
      gpu::wgmma::mma_async(acc, ta.desc(0, s * TileA::k_step),
                            tb.desc(0, s * TileA::k_step));
    gpu::wgmma::commit();
    gpu::wgmma::wait<1>();
    gpu::wgmma::wait<0>(acc);
  }
#pragma unroll
  for (int i = 0; i < acc.size; ++i)
    c[acc.row(i) * N + acc.col(i)] = acc[i];
}

// The same product through the scoped protocol object, A's rows 64..127 of
// a 128-row tile (a descriptor that starts at row 64).
template <int N>
[[gpu::kernel, gpu::launch_contract(1, 128)]] void
batch_product(std::span<const uint16_t> a, std::span<const uint16_t> bt,
              float *c) {
  [[gpu::shared]] gpu::wgmma::tile<gpu::half, 128, 64> ta;
  [[gpu::shared]] gpu::wgmma::tile<gpu::half, N, 64> tb;
  uint32_t t = gpu::thread_idx().x;
  for (uint32_t i = t; i < 128 * 64; i += 128)
    ta.at(int(i / 64), int(i % 64)) = std::bit_cast<gpu::half>(a[i]);
  for (uint32_t i = t; i < N * 64; i += 128)
    tb.at(int(i / 64), int(i % 64)) = std::bit_cast<gpu::half>(bt[i]);
  gpu::fence_proxy_async();
  gpu::sync_threads();
  gpu::wgmma::accumulator<N> acc;
  acc.zero();
  {
    gpu::wgmma::batch batch(acc);
#pragma unroll
    for (int k = 0; k < 64; k += 16)
      batch.mma(ta.desc(64, k), tb.desc(0, k));
  }
#pragma unroll
  for (int i = 0; i < acc.size; ++i)
    c[acc.row(i) * N + acc.col(i)] = acc[i];
}

// C (64 x N) = A (64 x K) * B with B given as K x N row-major, held in an
// N-major tile (the transpose flag); A from a tile, or from registers
// (RegA: a_fragment read from global memory through row/col).
template <class T, int N, int K, bool RegA>
[[gpu::kernel, gpu::launch_contract(1, 128)]] void
n_major_product(std::span<const uint16_t> a, std::span<const uint16_t> b,
                float *c) {
  using Frag = gpu::wgmma::a_fragment<T>;
  [[gpu::shared]] gpu::wgmma::tile<T, 64, K, swizzle::none> ta;
  [[gpu::shared]] gpu::wgmma::mn_major_tile<T, K, N> tb;
  uint32_t t = gpu::thread_idx().x;
  for (uint32_t i = t; i < 64 * K; i += 128)
    ta.at(int(i / K), int(i % K)) = std::bit_cast<T>(a[i]);
  for (uint32_t i = t; i < K * N; i += 128)
    tb.at(int(i / N), int(i % N)) = std::bit_cast<T>(b[i]);
  gpu::fence_proxy_async();
  gpu::sync_threads();
  gpu::wgmma::accumulator<N> acc;
  gpu::wgmma::fence(acc);
  if constexpr (RegA) {
#pragma unroll
    for (int k = 0; k < K; k += 16) {
      Frag f;
#pragma unroll
      for (int i = 0; i < Frag::size; ++i)
        f[i] = std::bit_cast<T>(a[Frag::row(i) * K + k + Frag::col(i)]);
      gpu::wgmma::mma_async(acc, f, tb.desc(k), k > 0);
    }
  } else {
#pragma unroll
    for (int k = 0; k < K; k += 16)
      gpu::wgmma::mma_async(acc, ta.desc(0, k), tb.desc(k), k > 0);
  }
  gpu::wgmma::commit();
  gpu::wgmma::wait<0>(acc);
#pragma unroll
  for (int i = 0; i < acc.size; ++i)
    c[acc.row(i) * N + acc.col(i)] = acc[i];
}

// A in registers. S (64 x 32) = A (64 x 64) * B1 (given as 32 x 64) from
// shared tiles; P = S rounded to halves in registers (a_fragment::from,
// the FlashAttention chain); then O (64 x N) = P * B2 + A2 * B2 (B2 given
// as N x 32, 64-byte swizzle) with A from registers: P's fragments, and
// A2's read from global memory through a_fragment::row/col.
template <int N>
[[gpu::kernel, gpu::launch_contract(1, 128)]] void
chained(std::span<const uint16_t> a, std::span<const uint16_t> b1t,
        std::span<const uint16_t> a2, std::span<const uint16_t> b2t,
        float *o) {
  using gpu::half;
  using Frag = gpu::wgmma::a_fragment<half>;
  [[gpu::shared]] gpu::wgmma::tile<half, 64, 64> ta;
  [[gpu::shared]] gpu::wgmma::tile<half, 32, 64> tb1;
  [[gpu::shared]] gpu::wgmma::tile<half, N, 32, swizzle::b64> tb2;
  uint32_t t = gpu::thread_idx().x;
  for (uint32_t i = t; i < 64 * 64; i += 128)
    ta.at(int(i / 64), int(i % 64)) = std::bit_cast<half>(a[i]);
  for (uint32_t i = t; i < 32 * 64; i += 128)
    tb1.at(int(i / 64), int(i % 64)) = std::bit_cast<half>(b1t[i]);
  for (uint32_t i = t; i < N * 32; i += 128)
    tb2.at(int(i / 32), int(i % 32)) = std::bit_cast<half>(b2t[i]);
  gpu::fence_proxy_async();
  gpu::sync_threads();
  gpu::wgmma::accumulator<32> sacc;
  gpu::wgmma::fence(sacc);
#pragma unroll
  for (int k = 0; k < 64; k += 16)
    gpu::wgmma::mma_async(sacc, ta.desc(0, k), tb1.desc(0, k), k > 0);
  gpu::wgmma::commit();
  gpu::wgmma::wait<0>(sacc);

  Frag p0 = Frag::from(sacc, 0), p1 = Frag::from(sacc, 1);
  Frag f0, f1;
#pragma unroll
  for (int i = 0; i < Frag::size; ++i) {
    f0[i] = std::bit_cast<half>(a2[Frag::row(i) * 32 + Frag::col(i)]);
    f1[i] = std::bit_cast<half>(a2[Frag::row(i) * 32 + 16 + Frag::col(i)]);
  }
  gpu::wgmma::accumulator<N> oacc;
  gpu::wgmma::fence(oacc);
  gpu::wgmma::mma_async(oacc, p0, tb2.desc(0, 0), false);
  gpu::wgmma::mma_async(oacc, p1, tb2.desc(0, 16));
  gpu::wgmma::mma_async(oacc, f0, tb2.desc(0, 0));
  gpu::wgmma::mma_async(oacc, f1, tb2.desc(0, 16));
  gpu::wgmma::commit();
  gpu::wgmma::wait<0>(oacc);
#pragma unroll
  for (int i = 0; i < oacc.size; ++i)
    o[oacc.row(i) * N + oacc.col(i)] = oacc[i];
}
} // namespace kernels

namespace {
uint32_t state = 12345;
uint32_t next() {
  state = state * 1664525u + 1013904223u;
  return state >> 8;
}

// A small value exactly representable in T, and its bits.
template <class T> struct Value {
  float v;
  kernels::bits_t<T> bits;
};
template <class T> Value<T> random_value() {
  if constexpr (std::is_same_v<T, gpu::fp8_e4m3>) {
    // e4m3: sign, 4 exponent bits (bias 7), 3 mantissa bits; +-0.5..+-2.
    static const float vals[] = {0.5f, 1.0f, 1.5f, 2.0f};
    static const uint8_t bits[] = {0x30, 0x38, 0x3c, 0x40};
    int i = int(next() % 4);
    bool neg = next() % 2;
    return {neg ? -vals[i] : vals[i], uint8_t(bits[i] | (neg ? 0x80 : 0))};
  } else {
    float v = float(int(next() % 17) - 8) / 4; // -2 .. 2 by 1/4
    if constexpr (std::is_same_v<T, float>)
      return {v, std::bit_cast<uint32_t>(v)};
    else
      return {v, std::bit_cast<uint16_t>(T(v))};
  }
}

// C (64 x N) against the host's A (64 x K, `a`) times B (`b(n, k)`), each
// element exactly (the inputs make every sum exact).
template <int N, int K, class B>
int check_exact(const char *what, const std::vector<float> &c,
                const std::vector<float> &a, B b) {
  int wrong = 0;
  std::string first;
  for (int m = 0; m < 64; ++m)
    for (int n = 0; n < N; ++n) {
      float ref = 0;
      for (int k = 0; k < K; ++k)
        ref += a[m * K + k] * b(n, k);
      float got = c[m * N + n];
      if (got != ref && wrong++ == 0)
        first = "C[" + std::to_string(m) + "][" + std::to_string(n) +
                "] = " + std::to_string(got) + ", expected " +
                std::to_string(ref);
    }
  return check(wrong == 0, what,
               wrong == 0 ? std::to_string(64 * N) + " elements exact"
                          : std::to_string(wrong) + " wrong, first " + first);
}

template <class T, int N, int K, kernels::swizzle S, int Groups = 1>
int test_tile(gpu::context &ctx, const char *what) {
  using B = kernels::bits_t<T>;
  auto &s = ctx.default_stream();
  std::vector<B> a(64 * K), bt(N * K);
  std::vector<float> av(64 * K), bv(N * K);
  for (int i = 0; i < 64 * K; ++i) {
    Value<T> x = random_value<T>();
    av[i] = x.v, a[i] = x.bits;
  }
  for (int i = 0; i < N * K; ++i) {
    Value<T> x = random_value<T>();
    bv[i] = x.v, bt[i] = x.bits;
  }
  auto da = gpu::device_buffer<B>::from_host(s, a).value();
  auto db = gpu::device_buffer<B>::from_host(s, bt).value();
  auto dc = gpu::device_buffer<float>::zeroed(s, 64 * N).value();
  auto p = gpu::prepare<kernels::tile_product<T, N, K, S, Groups>>(
      ctx, gpu::launch_config_1d{1, 128});
  if (!p)
    return check(false, what, describe(p));
  auto r = gpu::launch(s, *p, da, db, dc);
  if (!r)
    return check(false, what, describe(r));
  std::vector<float> c = dc.to_host(s).value();
  return check_exact<N, K>(what, c, av, [&](int n, int k) {
    return bv[n * K + k]; // B given as N x K
  });
}

template <class T, int N, int K, bool RegA>
int test_n_major(gpu::context &ctx, const char *what) {
  auto &s = ctx.default_stream();
  std::vector<uint16_t> a(64 * K), b(K * N);
  std::vector<float> av(64 * K), bv(K * N);
  for (size_t i = 0; i < a.size(); ++i) {
    Value<T> x = random_value<T>();
    av[i] = x.v, a[i] = x.bits;
  }
  for (size_t i = 0; i < b.size(); ++i) {
    Value<T> x = random_value<T>();
    bv[i] = x.v, b[i] = x.bits;
  }
  auto da = gpu::device_buffer<uint16_t>::from_host(s, a).value();
  auto db = gpu::device_buffer<uint16_t>::from_host(s, b).value();
  auto dc = gpu::device_buffer<float>::zeroed(s, 64 * N).value();
  auto p = gpu::prepare<kernels::n_major_product<T, N, K, RegA>>(
      ctx, gpu::launch_config_1d{1, 128});
  if (!p)
    return check(false, what, describe(p));
  auto r = gpu::launch(s, *p, da, db, dc);
  if (!r)
    return check(false, what, describe(r));
  std::vector<float> c = dc.to_host(s).value();
  return check_exact<N, K>(what, c, av, [&](int n, int k) {
    return bv[k * N + n]; // B given as K x N
  });
}

template <int N> int test_batch(gpu::context &ctx) {
  auto &s = ctx.default_stream();
  std::vector<uint16_t> a(128 * 64), bt(N * 64);
  std::vector<float> av(128 * 64), bv(N * 64);
  for (size_t i = 0; i < a.size(); ++i) {
    Value<gpu::half> x = random_value<gpu::half>();
    av[i] = x.v, a[i] = x.bits;
  }
  for (size_t i = 0; i < bt.size(); ++i) {
    Value<gpu::half> x = random_value<gpu::half>();
    bv[i] = x.v, bt[i] = x.bits;
  }
  auto da = gpu::device_buffer<uint16_t>::from_host(s, a).value();
  auto db = gpu::device_buffer<uint16_t>::from_host(s, bt).value();
  auto dc = gpu::device_buffer<float>::zeroed(s, 64 * N).value();
  auto p = gpu::prepare<kernels::batch_product<N>>(
      ctx, gpu::launch_config_1d{1, 128});
  if (!p)
    return check(false, "wgmma batch scope", describe(p));
  auto r = gpu::launch(s, *p, da, db, dc);
  if (!r)
    return check(false, "wgmma batch scope", describe(r));
  std::vector<float> c = dc.to_host(s).value();
  int wrong = 0;
  for (int m = 0; m < 64; ++m)
    for (int n = 0; n < N; ++n) {
      float ref = 0;
      for (int k = 0; k < 64; ++k)
        ref += av[(64 + m) * 64 + k] * bv[n * 64 + k];
      wrong += c[m * N + n] != ref;
    }
  return check(wrong == 0, "wgmma batch scope, A from row 64",
               std::to_string(wrong) + " of " + std::to_string(64 * N) +
                   " wrong");
}

template <int N> int test_chained(gpu::context &ctx) {
  auto &s = ctx.default_stream();
  auto fill = [](size_t n, std::vector<uint16_t> &bits,
                 std::vector<float> &vals) {
    bits.resize(n), vals.resize(n);
    for (size_t i = 0; i < n; ++i) {
      Value<gpu::half> x = random_value<gpu::half>();
      vals[i] = x.v, bits[i] = x.bits;
    }
  };
  std::vector<uint16_t> a, b1, a2, b2;
  std::vector<float> av, b1v, a2v, b2v;
  fill(64 * 64, a, av), fill(32 * 64, b1, b1v), fill(64 * 32, a2, a2v),
      fill(N * 32, b2, b2v);
  auto da = gpu::device_buffer<uint16_t>::from_host(s, a).value();
  auto db1 = gpu::device_buffer<uint16_t>::from_host(s, b1).value();
  auto da2 = gpu::device_buffer<uint16_t>::from_host(s, a2).value();
  auto db2 = gpu::device_buffer<uint16_t>::from_host(s, b2).value();
  auto dout = gpu::device_buffer<float>::zeroed(s, 64 * N).value();
  const char *what = "wgmma A in registers: S = A*B1, P = half(S), "
                     "O = P*B2 + A2*B2";
  auto p = gpu::prepare<kernels::chained<N>>(ctx, gpu::launch_config_1d{1, 128});
  if (!p)
    return check(false, what, describe(p));
  auto r = gpu::launch(s, *p, da, db1, da2, db2, dout);
  if (!r)
    return check(false, what, describe(r));
  std::vector<float> out = dout.to_host(s).value();
  int wrong = 0;
  std::string first;
  for (int m = 0; m < 64; ++m) {
    float prow[32];
    for (int j = 0; j < 32; ++j) {
      float acc = 0;
      for (int k = 0; k < 64; ++k)
        acc += av[m * 64 + k] * b1v[j * 64 + k];
      prow[j] = float(gpu::half(acc));
    }
    for (int n = 0; n < N; ++n) {
      float ref = 0;
      for (int k = 0; k < 32; ++k)
        ref += prow[k] * b2v[n * 32 + k] + a2v[m * 32 + k] * b2v[n * 32 + k];
      float got = out[m * N + n];
      if (got != ref && wrong++ == 0)
        first = "O[" + std::to_string(m) + "][" + std::to_string(n) +
                "] = " + std::to_string(got) + ", expected " +
                std::to_string(ref);
    }
  }
  return check(wrong == 0, what,
               wrong == 0 ? std::to_string(64 * N) + " elements exact"
                          : std::to_string(wrong) + " wrong, first " + first);
}
} // namespace

int main() {
  using kernels::swizzle;
  auto ctx = gpu::context::create(0);
  if (!ctx) {
    std::fprintf(stderr, "%s\n", ctx.error().message().c_str());
    return 2;
  }
  int failures = 0;
  failures += test_tile<gpu::half, 128, 64, swizzle::b128>(
      *ctx, "f16 m64n128k16, 128-byte swizzle, K 64");
  failures += test_chained<64>(*ctx);
  failures += test_tile<gpu::half, 64, 128, swizzle::b128>(
      *ctx, "f16 m64n64k16, 128-byte swizzle, K 128 (two panels)");
  failures += test_tile<gpu::half, 64, 64, swizzle::b64>(
      *ctx, "f16 m64n64k16, 64-byte swizzle");
  failures += test_tile<gpu::half, 64, 64, swizzle::b32>(
      *ctx, "f16 m64n64k16, 32-byte swizzle");
  failures += test_tile<gpu::half, 64, 64, swizzle::none>(
      *ctx, "f16 m64n64k16, no swizzle");
  failures += test_tile<gpu::half, 8, 64, swizzle::b128>(
      *ctx, "f16 m64n8k16");
  failures += test_tile<gpu::half, 256, 64, swizzle::b128>(
      *ctx, "f16 m64n256k16");
  failures += test_tile<gpu::bfloat16, 128, 64, swizzle::b128>(
      *ctx, "bf16 m64n128k16, 128-byte swizzle");
  failures += test_tile<float, 64, 32, swizzle::b128>(
      *ctx, "tf32 m64n64k8, 128-byte swizzle");
  failures += test_tile<gpu::fp8_e4m3, 64, 128, swizzle::b128>(
      *ctx, "e4m3 m64n64k32, 128-byte swizzle");
  failures += test_tile<gpu::half, 128, 64, swizzle::b128, 2>(
      *ctx, "f16 two groups in flight, wait<1> then wait<0>");
  failures += test_batch<128>(*ctx);
  failures += test_n_major<gpu::half, 64, 64, false>(
      *ctx, "f16 N-major B (K x N row-major), m64n64k16, K 64");
  failures += test_n_major<gpu::half, 128, 32, false>(
      *ctx, "f16 N-major B, m64n128k16 (two panels), K 32");
  failures += test_n_major<gpu::bfloat16, 256, 16, false>(
      *ctx, "bf16 N-major B, m64n256k16 (four panels), K 16");
  failures += test_n_major<gpu::half, 128, 64, true>(
      *ctx, "f16 N-major B with A in registers, m64n128k16, K 64");
  failures += test_n_major<gpu::bfloat16, 64, 128, true>(
      *ctx, "bf16 N-major B with A in registers, m64n64k16, K 128");
  if (failures) {
    std::printf("FAILED: %d checks\n", failures);
    return 1;
  }
  std::printf("PASSED: all checks\n");
}
