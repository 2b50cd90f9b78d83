// CUDA's WMMA API (<gpu/wmma.hpp>, nvcuda::wmma) on the GPU, checked
// against the host: one warp computes D = 2 (A * B + C) for each shape
// (16x16x16, 32x8x16, 8x32x16), multiplicand type (half, bfloat16) and
// combination of A and B layouts (row_major, col_major) with float
// accumulators, and for half accumulators (half, and float and half mixed
// in c and d). A and B come from global memory with ldm = rows' length + 8
// (the padding holds 1024, which would show if read); C is loaded in both
// layouts or set by fill_fragment; the doubling runs over x[]; D is stored
// in both layouts into a NaN-poisoned buffer whose padding must stay
// poisoned. Plus the same product from shared memory. The inputs are
// multiples of 1/4 in [-2, 2], so every result is exact in fp32 and fp16
// and compared exactly.
#include <gpu/gpu.hpp>
#include <gpu/wmma.hpp>

#include "check.hpp"

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <type_traits>
#include <vector>

namespace kernels {
namespace wmma = gpu::wmma;

// A (M x K) with lda = K + 8 (row_major) or M + 8 (col_major), B (K x N)
// with ldb = N + 8 or K + 8; C as c_mode says (0: mem_row_major, ldc = N +
// 8; 1: mem_col_major, ldc = M + 8; 2: fill_fragment(0.5)); D = 2 (A B + C)
// stored row-major (ldd = N + 8) or, with d_col, column-major (M + 8).
template <int M, int N, int K, class T, class LA, class LB, class TC, class TD>
[[gpu::kernel, gpu::launch_contract(1, 32)]] void
wmma_tile(std::span<const T> a, std::span<const T> b, std::span<const TC> c,
          int c_mode, int d_col, TD *d) {
  constexpr bool a_row = std::is_same_v<LA, wmma::row_major>;
  constexpr bool b_row = std::is_same_v<LB, wmma::row_major>;
  wmma::fragment<wmma::matrix_a, M, N, K, T, LA> fa;
  wmma::fragment<wmma::matrix_b, M, N, K, T, LB> fb;
  wmma::fragment<wmma::accumulator, M, N, K, TC> fc;
  wmma::fragment<wmma::accumulator, M, N, K, TD> fd;
  wmma::load_matrix_sync(fa, a.data(), a_row ? K + 8 : M + 8);
  wmma::load_matrix_sync(fb, b.data(), b_row ? N + 8 : K + 8);
  if (c_mode == 2)
    wmma::fill_fragment(fc, TC(0.5f));
  else
    wmma::load_matrix_sync(fc, c.data(), c_mode == 0 ? N + 8 : M + 8,
                           c_mode == 0 ? wmma::mem_row_major
                                       : wmma::mem_col_major);
  wmma::mma_sync(fd, fa, fb, fc);
  for (int i = 0; i < fd.num_elements; ++i)
    fd.x[i] = TD(float(fd.x[i]) * 2.0f);
  wmma::store_matrix_sync(d, fd, d_col ? M + 8 : N + 8,
                          d_col ? wmma::mem_col_major : wmma::mem_row_major);
}

// 16x16x16 half from shared memory: A and B (16 x 16 each, ldm 24, as LA
// and LB say) copied to shared arrays, then D = A B row-major (ldm 16).
// Written against CUDA's name, nvcuda::wmma.
template <class LA, class LB>
[[gpu::kernel, gpu::launch_contract(1, 32)]] void
wmma_shared(std::span<const gpu::half> a, std::span<const gpu::half> b,
            float *d) {
  [[gpu::shared]] alignas(32) gpu::half as[16 * 24];
  [[gpu::shared]] alignas(32) gpu::half bs[16 * 24];
  uint32_t lane = gpu::thread_idx().x;
  for (uint32_t i = lane; i < 16 * 24; i += 32) {
    as[i] = a[i];
    bs[i] = b[i];
  }
  gpu::sync_threads();
  using namespace nvcuda;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, gpu::half, LA> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, gpu::half, LB> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  wmma::load_matrix_sync(fa, as, 24);
  wmma::load_matrix_sync(fb, bs, 24);
  wmma::mma_sync(acc, fa, fb, acc);
  wmma::store_matrix_sync(d, acc, 16, wmma::mem_row_major);
}
} // namespace kernels

namespace {
uint64_t state = 4242;
uint32_t next() {
  state = state * 6364136223846793005ull + 1442695040888963407ull;
  return uint32_t(state >> 33);
}
// A multiple of 1/4 in [-2, 2].
float quarter() { return float(int(next() % 17) - 8) / 4; }

// f, exact in X (no rounding: bfloat16 by its bits, so that the host needs
// no float-to-bfloat16 conversion routine).
template <class X> X make(float f) {
  if constexpr (std::is_same_v<X, gpu::bfloat16>)
    return X::from_bits(uint16_t(std::bit_cast<uint32_t>(f) >> 16));
  else
    return X(f);
}
template <class X> double value(X x) {
  if constexpr (std::is_same_v<X, gpu::bfloat16>)
    return std::bit_cast<float>(uint32_t(x.bits()) << 16);
  else
    return double(float(x));
}
template <class X> const char *name() {
  if constexpr (std::is_same_v<X, float>)
    return "float";
  else if constexpr (std::is_same_v<X, gpu::half>)
    return "half";
  else if constexpr (std::is_same_v<X, gpu::bfloat16>)
    return "bf16";
  else if constexpr (std::is_same_v<X, gpu::wmma::row_major>)
    return "row_major";
  else
    return "col_major";
}
template <class X> X poison() {
  if constexpr (std::is_same_v<X, float>)
    return std::bit_cast<float>(0xffffffffu);
  else
    return X::from_bits(0xffff);
}

// A rows x cols matrix stored row-major (ld = cols + 8) or column-major
// (ld = rows + 8), the padding holding `pad`; `v` gets the values.
template <class X>
std::vector<X> store(const std::vector<double> &v, int rows, int cols,
                     bool row_major, X pad) {
  int ld = row_major ? cols + 8 : rows + 8;
  std::vector<X> out(size_t(row_major ? rows : cols) * ld, pad);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      out[row_major ? r * ld + c : c * ld + r] = make<X>(float(v[r * cols + c]));
  return out;
}

template <int M, int N, int K, class T, class LA, class LB, class TC, class TD>
int test_wmma(gpu::context &ctx) {
  auto &s = ctx.default_stream();
  constexpr bool a_row = std::is_same_v<LA, gpu::wmma::row_major>;
  constexpr bool b_row = std::is_same_v<LB, gpu::wmma::row_major>;
  std::vector<double> av(M * K), bv(K * N), cv(M * N);
  for (double &x : av)
    x = quarter();
  for (double &x : bv)
    x = quarter();
  for (double &x : cv)
    x = quarter() * 2;
  auto da = gpu::device_buffer<T>::from_host(
                s, store<T>(av, M, K, a_row, make<T>(1024.0f)))
                .value();
  auto db = gpu::device_buffer<T>::from_host(
                s, store<T>(bv, K, N, b_row, make<T>(1024.0f)))
                .value();
  auto p = gpu::prepare<kernels::wmma_tile<M, N, K, T, LA, LB, TC, TD>>(
               ctx, gpu::launch_config_1d{1, 32})
               .value();
  std::string what = std::to_string(M) + "x" + std::to_string(N) + "x" +
                     std::to_string(K) + " " + name<T>() + " A " +
                     name<LA>() + ", B " + name<LB>() + ", c " + name<TC>() +
                     ", d " + name<TD>() +
                     " (C row/col/fill, D row/col, x[] doubled)";
  int wrong = 0, padding = 0;
  std::string first;
  for (int c_mode = 0; c_mode < 3; ++c_mode)
    for (int d_col = 0; d_col < 2; ++d_col) {
      auto dc = gpu::device_buffer<TC>::from_host(
                    s, store<TC>(cv, M, N, c_mode != 1, make<TC>(1024.0f)))
                    .value();
      int ldd = d_col ? M + 8 : N + 8;
      size_t d_size = size_t(d_col ? N : M) * ldd;
      auto dd = gpu::device_buffer<TD>::from_host(
                    s, std::vector<TD>(d_size, poison<TD>()))
                    .value();
      auto r = gpu::launch(s, p, da, db, dc, c_mode, d_col, dd);
      if (!r)
        return check(false, what.c_str(), describe(r));
      std::vector<TD> d = dd.to_host(s).value();
      std::vector<bool> written(d_size, false);
      for (int i = 0; i < M; ++i)
        for (int j = 0; j < N; ++j) {
          double ref = c_mode == 2 ? 0.5 : cv[i * N + j];
          for (int x = 0; x < K; ++x)
            ref += av[i * K + x] * bv[x * N + j];
          ref *= 2;
          size_t at = d_col ? size_t(j) * ldd + i : size_t(i) * ldd + j;
          written[at] = true;
          double got = value(d[at]);
          if (got != ref && wrong++ == 0)
            first = "c_mode " + std::to_string(c_mode) + " d_col " +
                    std::to_string(d_col) + ": D[" + std::to_string(i) +
                    "][" + std::to_string(j) + "] = " + std::to_string(got) +
                    ", expected " + std::to_string(ref);
        }
      for (size_t at = 0; at < d_size; ++at)
        if (!written[at])
          padding += !std::isnan(value(d[at]));
    }
  return check(wrong == 0 && padding == 0, what.c_str(),
               wrong == 0 && padding == 0
                   ? "6 x " + std::to_string(M * N) + " elements exact"
                   : std::to_string(wrong) + " wrong (first: " + first +
                         "), " + std::to_string(padding) +
                         " padding elements written");
}

template <class LA, class LB> int test_shared(gpu::context &ctx) {
  auto &s = ctx.default_stream();
  constexpr bool a_row = std::is_same_v<LA, gpu::wmma::row_major>;
  constexpr bool b_row = std::is_same_v<LB, gpu::wmma::row_major>;
  std::vector<double> av(256), bv(256);
  for (double &x : av)
    x = quarter();
  for (double &x : bv)
    x = quarter();
  auto da = gpu::device_buffer<gpu::half>::from_host(
                s, store<gpu::half>(av, 16, 16, a_row, gpu::half(1024.0f)))
                .value();
  auto db = gpu::device_buffer<gpu::half>::from_host(
                s, store<gpu::half>(bv, 16, 16, b_row, gpu::half(1024.0f)))
                .value();
  auto dd = gpu::device_buffer<float>::zeroed(s, 256).value();
  auto p = gpu::prepare<kernels::wmma_shared<LA, LB>>(
               ctx, gpu::launch_config_1d{1, 32})
               .value();
  std::string what = std::string("16x16x16 half from shared memory, A ") +
                     name<LA>() + ", B " + name<LB>();
  auto r = gpu::launch(s, p, da, db, dd);
  if (!r)
    return check(false, what.c_str(), describe(r));
  std::vector<float> d = dd.to_host(s).value();
  int wrong = 0;
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) {
      double ref = 0;
      for (int x = 0; x < 16; ++x)
        ref += av[i * 16 + x] * bv[x * 16 + j];
      wrong += d[i * 16 + j] != ref;
    }
  return check(wrong == 0, what.c_str(),
               std::to_string(wrong) + " of 256 elements wrong");
}

// Every A and B layout for one shape and multiplicand type, float
// accumulators.
template <int M, int N, int K, class T> int test_layouts(gpu::context &ctx) {
  using gpu::wmma::col_major;
  using gpu::wmma::row_major;
  return test_wmma<M, N, K, T, row_major, row_major, float, float>(ctx) +
         test_wmma<M, N, K, T, row_major, col_major, float, float>(ctx) +
         test_wmma<M, N, K, T, col_major, row_major, float, float>(ctx) +
         test_wmma<M, N, K, T, col_major, col_major, float, float>(ctx);
}

// Half accumulators for one shape: half, and float/half mixed.
template <int M, int N, int K> int test_half_accumulators(gpu::context &ctx) {
  using gpu::half;
  using gpu::wmma::col_major;
  using gpu::wmma::row_major;
  return test_wmma<M, N, K, half, row_major, col_major, half, half>(ctx) +
         test_wmma<M, N, K, half, col_major, row_major, half, float>(ctx) +
         test_wmma<M, N, K, half, row_major, row_major, float, half>(ctx);
}
} // namespace

int main() {
  auto ctx = gpu::context::create(0);
  if (!ctx) {
    std::fprintf(stderr, "%s\n", ctx.error().message().c_str());
    return 2;
  }
  using gpu::wmma::col_major;
  using gpu::wmma::row_major;
  int failures = 0;
  try {
    failures += test_layouts<16, 16, 16, gpu::half>(*ctx);
    failures += test_layouts<16, 16, 16, gpu::bfloat16>(*ctx);
    failures += test_layouts<32, 8, 16, gpu::half>(*ctx);
    failures += test_layouts<32, 8, 16, gpu::bfloat16>(*ctx);
    failures += test_layouts<8, 32, 16, gpu::half>(*ctx);
    failures += test_layouts<8, 32, 16, gpu::bfloat16>(*ctx);
    failures += test_half_accumulators<16, 16, 16>(*ctx);
    failures += test_half_accumulators<32, 8, 16>(*ctx);
    failures += test_half_accumulators<8, 32, 16>(*ctx);
    failures += test_shared<row_major, col_major>(*ctx);
    failures += test_shared<row_major, row_major>(*ctx);
    failures += test_shared<col_major, row_major>(*ctx);
    failures += test_shared<col_major, col_major>(*ctx);
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
