// gpu::as_vectors on the GPU: 16- and 8-byte accesses over the body of a
// span and scalar ones over its tail, for sizes with every remainder. Then
// accesses made 16 bytes wide by alignment the program promises
// (std::assume_aligned, __builtin_assume_aligned with an offset) or that
// the index arithmetic shows (shared arrays of a 4-byte aligned struct).
#include <cstdio>
#include <gpu/gpu.hpp>
#include <memory>
#include <vector>

struct quad {
  float x, y, z, w;
};

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 256)]]
void vecadd4(std::span<const float> a, std::span<const float> b,
             gpu::disjoint_span<float> c) {
  auto [a4, a_tail] = gpu::as_vectors<4>(a);
  auto [b4, b_tail] = gpu::as_vectors<4>(b);
  auto [c4, c_tail] = gpu::as_vectors<4>(c);
  auto i = gpu::thread::index_1d();
  if (auto *o = c4.get_mut(i)) {
    gpu::vec<float, 4> x = a4[i.get()], y = b4[i.get()], r;
    for (int k = 0; k < 4; ++k)
      r[k] = x[k] + y[k];
    *o = r;
  }
  if (float *o = c_tail.get_mut(i))
    *o = a_tail[i.get()] + b_tail[i.get()];
}

[[gpu::kernel, gpu::launch_contract(1, 256)]]
void scale2(std::span<const double> a, gpu::disjoint_span<double> c) {
  auto [a2, a_tail] = gpu::as_vectors<2>(a);
  auto [c2, c_tail] = gpu::as_vectors<2>(c);
  auto i = gpu::thread::index_1d();
  if (auto *o = c2.get_mut(i)) {
    gpu::vec<double, 2> x = a2[i.get()];
    *o = {{x[0] * 3, x[1] * 3}};
  }
  if (double *o = c_tail.get_mut(i))
    *o = a_tail[i.get()] * 3;
}

// device_buffer storage is 256-byte aligned, so the promises hold.
[[gpu::kernel, gpu::launch_contract(1, 256)]] void
promised(std::span<const quad> in, gpu::disjoint_span<quad> out) {
  auto i = gpu::thread::index_1d();
  if (quad *o = out.get_mut(i)) {
    const quad *from = std::assume_aligned<16>(in.data());
    quad q = from[i.get()];
    *std::assume_aligned<16>(o) = {q.w, q.z, q.y, q.x};
  }
}

// `in + 3` promised 16-byte aligned 12 bytes after a boundary: each thread
// sums the four floats from 4 t + 3.
[[gpu::kernel, gpu::launch_contract(1, 256)]] void
promised_offset(std::span<const float> in, gpu::disjoint_span<float> out) {
  auto i = gpu::thread::index_1d();
  if (float *o = out.get_mut(i)) {
    auto *from = static_cast<const float *>(
        __builtin_assume_aligned(in.data() + 3, 16, 12));
    float sum = 0;
    for (int k = 0; k < 4; ++k)
      sum += from[4 * i.get() + k];
    *o = sum;
  }
}

// Records reversed within a block through two 16-byte aligned shared
// arrays.
[[gpu::kernel, gpu::launch_contract(1, 256)]] void
shared_reverse(std::span<const quad> in, gpu::disjoint_span<quad> out) {
  [[gpu::shared]] alignas(16) quad a[256];
  [[gpu::shared]] alignas(16) quad b[256];
  uint32_t t = gpu::thread_idx().x;
  auto i = gpu::thread::index_1d();
  a[t] = in[i.get()];
  gpu::sync_threads();
  b[t] = a[255 - t];
  gpu::sync_threads();
  if (quad *o = out.get_mut(i))
    *o = b[t];
}
} // namespace kernels

// The promised and aligned accesses: 1 if any element is wrong.
static int aligned_accesses(gpu::context &ctx, gpu::stream &stream) {
  constexpr size_t n = 4096;
  std::vector<quad> q(n);
  std::vector<float> f(4 * n + 3);
  for (size_t i = 0; i < n; ++i)
    q[i] = {float(i), float(i) + 0.25f, float(i) + 0.5f, float(i) + 0.75f};
  for (size_t i = 0; i < f.size(); ++i)
    f[i] = float(i % 97);
  auto dq = gpu::device_buffer<quad>::from_host(stream, q).value();
  auto dr = gpu::device_buffer<quad>::uninitialized(stream, n).value();
  auto ds = gpu::device_buffer<quad>::uninitialized(stream, n).value();
  auto df = gpu::device_buffer<float>::from_host(stream, f).value();
  auto dsum = gpu::device_buffer<float>::uninitialized(stream, n).value();
  gpu::launch_config_1d config{uint32_t(n / 256), 256};
  gpu::launch(stream, gpu::prepare<kernels::promised>(ctx, config).value(), dq,
              dr)
      .value();
  gpu::launch(stream,
              gpu::prepare<kernels::promised_offset>(ctx, config).value(), df,
              dsum)
      .value();
  gpu::launch(stream,
              gpu::prepare<kernels::shared_reverse>(ctx, config).value(), dq,
              ds)
      .value();
  auto r = dr.to_host(stream).value();
  auto s = ds.to_host(stream).value();
  auto sum = dsum.to_host(stream).value();
  size_t bad = 0;
  for (size_t i = 0; i < n; ++i) {
    const quad &want = q[i], &rev = q[i / 256 * 256 + 255 - i % 256];
    bad += r[i].x != want.w || r[i].y != want.z || r[i].z != want.y ||
           r[i].w != want.x;
    bad += s[i].x != rev.x || s[i].y != rev.y || s[i].z != rev.z ||
           s[i].w != rev.w;
    float expected = 0;
    for (size_t k = 0; k < 4; ++k)
      expected += f[3 + 4 * i + k];
    bad += sum[i] != expected;
  }
  std::printf("%s: promised and shared 16-byte accesses, %zu wrong\n",
              bad ? "FAILED" : "PASSED", bad);
  return bad != 0;
}

int main() {
  auto ctx = gpu::context::create(0);
  if (!ctx) {
    std::fprintf(stderr, "%s\n", ctx.error().message().c_str());
    return 2;
  }
  auto &stream = ctx->default_stream();
  int failures = 0;
  for (size_t n : {size_t(0), size_t(1), size_t(3), size_t(4), size_t(1021),
                   size_t(1 << 20), size_t((1 << 20) + 2)}) {
    std::vector<float> a(n), b(n);
    std::vector<double> d(n);
    for (size_t i = 0; i < n; ++i) {
      a[i] = float(i) * 0.5f;
      b[i] = float(n - i);
      d[i] = double(i) / 7;
    }
    auto da = gpu::device_buffer<float>::from_host(stream, a).value();
    auto db = gpu::device_buffer<float>::from_host(stream, b).value();
    auto dc = gpu::device_buffer<float>::uninitialized(stream, n).value();
    auto dd = gpu::device_buffer<double>::from_host(stream, d).value();
    auto de = gpu::device_buffer<double>::uninitialized(stream, n).value();
    uint32_t blocks = uint32_t((n / 4 + 255) / 256 + 1);
    auto p4 = gpu::prepare<kernels::vecadd4>(*ctx, gpu::launch_config_1d{blocks, 256}).value();
    gpu::launch(stream, p4, da, db, dc).value();
    auto p2 = gpu::prepare<kernels::scale2>(*ctx, gpu::launch_config_1d{blocks * 2, 256}).value();
    gpu::launch(stream, p2, dd, de).value();
    auto c = dc.to_host(stream).value();
    auto e = de.to_host(stream).value();
    size_t bad = 0;
    for (size_t i = 0; i < n; ++i)
      bad += c[i] != a[i] + b[i] || e[i] != d[i] * 3;
    std::printf("%s: n=%zu, %zu wrong\n", bad ? "FAILED" : "PASSED", n, bad);
    failures += bad != 0;
  }
  failures += aligned_accesses(*ctx, stream);
  if (failures) {
    std::printf("FAILED: %d checks\n", failures);
    return 1;
  }
  std::printf("PASSED: all checks\n");
}
