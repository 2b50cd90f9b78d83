// The CPU device against plain C++ loops (docs/performance.md, "The CPU
// device"): each kernel's per-element work is one inline function, called
// by the kernel (one GPU thread per element, on the CPU device) and by a
// loop compiled with the same -O2, on one thread and on all of them.
// Prints one line per kernel: milliseconds (median of 7) and the
// kernel's time over each loop's. Run with ALLOY_CPU_THREADS=1 for the
// one-thread comparison (bench/cpu/run.sh runs both).
#include <gpu/gpu.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>
#include <thread>
#include <vector>

namespace work {
inline float add(float a, float b) { return a + b; }
inline float saxpy(float a, float x, float y) { return a * x + y; }
inline float gelu(float x) {
  const float c = 0.7978845608f; // sqrt(2 / pi)
  return 0.5f * x * (1.0f + std::tanh(c * (x + 0.044715f * x * x * x)));
}
} // namespace work

namespace kernels {
constexpr uint32_t TILE = 16;

[[gpu::kernel, gpu::launch_contract(1, 256)]]
void vecadd(std::span<const float> a, std::span<const float> b,
            gpu::disjoint_span<float> c) {
  auto i = gpu::thread::index_1d();
  if (float *o = c.get_mut(i))
    *o = work::add(a[i.get()], b[i.get()]);
}

[[gpu::kernel, gpu::launch_contract(1, 256)]]
void saxpy(float a, std::span<const float> x, float *y) {
  size_t i = gpu::thread::index_1d().get();
  if (i < x.size())
    y[i] = work::saxpy(a, x[i], y[i]);
}

[[gpu::kernel, gpu::launch_contract(1, 256)]]
void gelu(std::span<const float> x, gpu::disjoint_span<float> y) {
  auto i = gpu::thread::index_1d();
  if (float *o = y.get_mut(i))
    *o = work::gelu(x[i.get()]);
}

// Inclusive scan of each block's 256 elements (warp scans, then the warp
// totals through shared memory: two barriers).
[[gpu::kernel, gpu::launch_contract(1, 256)]]
void block_scan(std::span<const int> in, gpu::disjoint_span<int> out) {
  auto i = gpu::thread::index_1d();
  int v = gpu::block::inclusive_scan(in[i.get()], gpu::plus{});
  if (int *o = out.get_mut(i))
    *o = v;
}

// C = A * B, n x n, 16 x 16 tiles through shared memory.
[[gpu::kernel]]
void sgemm_tiled(const float *a, const float *b, float *c, uint32_t n) {
  [[gpu::shared]] float ta[TILE][TILE];
  [[gpu::shared]] float tb[TILE][TILE];
  uint32_t tx = gpu::thread_idx().x, ty = gpu::thread_idx().y;
  uint32_t row = gpu::block_idx().y * TILE + ty;
  uint32_t col = gpu::block_idx().x * TILE + tx;
  float acc = 0.0f;
  for (uint32_t k0 = 0; k0 < n; k0 += TILE) {
    ta[ty][tx] = a[row * n + k0 + tx];
    tb[ty][tx] = b[(k0 + ty) * n + col];
    gpu::sync_threads();
    for (uint32_t k = 0; k < TILE; ++k)
      acc += ta[ty][k] * tb[k][tx];
    gpu::sync_threads();
  }
  c[row * n + col] = acc;
}

// One block of 256 threads per row: the maximum and the sum through
// block reductions.
[[gpu::kernel, gpu::launch_contract(1, 256)]]
void softmax(std::span<const float> in, float *out, uint32_t cols) {
  uint32_t row = gpu::block_idx().x, t = gpu::thread_idx().x;
  const float *x = in.data() + size_t(row) * cols;
  float m = -INFINITY;
  for (uint32_t j = t; j < cols; j += 256)
    m = std::max(m, x[j]);
  m = gpu::block::max(m);
  float sum = 0.0f;
  for (uint32_t j = t; j < cols; j += 256)
    sum += std::exp(x[j] - m);
  sum = gpu::block::sum(sum);
  for (uint32_t j = t; j < cols; j += 256)
    out[size_t(row) * cols + j] = std::exp(x[j] - m) / sum;
}
} // namespace kernels

namespace {

double median_ms(const std::function<void()> &run) {
  run(); // warm up
  std::vector<double> ms;
  for (int i = 0; i < 7; ++i) {
    auto t0 = std::chrono::steady_clock::now();
    run();
    auto t1 = std::chrono::steady_clock::now();
    ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
  }
  std::sort(ms.begin(), ms.end());
  return ms[3];
}

// body(begin, end) over [0, n) on `threads` threads.
void parallel(size_t n, unsigned threads,
              const std::function<void(size_t, size_t)> &body) {
  if (threads <= 1) {
    body(0, n);
    return;
  }
  std::vector<std::thread> pool;
  size_t chunk = (n + threads - 1) / threads;
  for (unsigned t = 0; t < threads; ++t) {
    size_t b = t * chunk, e = std::min(n, b + chunk);
    if (b < e)
      pool.emplace_back(body, b, e);
  }
  for (auto &th : pool)
    th.join();
}

void report(const char *name, double kernel, double loop1, double loopn,
            bool ok) {
  std::printf("BENCH-CPU %-12s kernel %9.3f ms  loop(1 thread) %9.3f ms  "
              "loop(all) %9.3f ms  kernel/loop1 %6.2fx  kernel/loopall "
              "%6.2fx  %s\n",
              name, kernel, loop1, loopn, kernel / loop1, kernel / loopn,
              ok ? "ok" : "WRONG");
}

std::vector<float> randoms(size_t n, unsigned seed) {
  std::vector<float> v(n);
  uint32_t x = seed * 2654435761u + 1;
  for (float &f : v) {
    x = x * 1664525u + 1013904223u;
    f = float(x >> 8) / float(1 << 24) * 2.0f - 1.0f;
  }
  return v;
}

} // namespace

int main() {
  auto ctx = gpu::context::create(0).value();
  if (!ctx.device().is_cpu()) {
    std::fprintf(stderr, "cpu_bench measures the CPU device: run it with "
                         "ALLOY_DEVICE=cpu\n");
    return 2;
  }
  auto &s = ctx.default_stream();
  unsigned threads = std::thread::hardware_concurrency();
  std::printf("device: %s; plain loops on 1 and %u threads\n",
              ctx.device().name().c_str(), threads);

  const size_t n = size_t(1) << 22;
  auto ha = randoms(n, 1), hb = randoms(n, 2);
  auto a = gpu::device_buffer<float>::from_host(s, ha).value();
  auto b = gpu::device_buffer<float>::from_host(s, hb).value();
  auto c = gpu::device_buffer<float>::zeroed(s, n).value();
  std::vector<float> hc(n);
  auto cfg = gpu::launch_config_1d{(n + 255) / 256, 256};

  { // vecadd
    auto p = gpu::prepare<kernels::vecadd>(ctx, cfg).value();
    double k = median_ms([&] {
      gpu::launch(s, p, a, b, c).value();
      s.synchronize().value();
    });
    auto loop = [&](size_t lo, size_t hi) {
      for (size_t i = lo; i < hi; ++i)
        hc[i] = work::add(ha[i], hb[i]);
    };
    double l1 = median_ms([&] { parallel(n, 1, loop); });
    double ln = median_ms([&] { parallel(n, threads, loop); });
    report("vecadd", k, l1, ln, c.to_host(s).value() == hc);
  }
  { // saxpy (y updated in place: each run starts from the same y)
    auto p = gpu::prepare<kernels::saxpy>(ctx, cfg).value();
    double k = median_ms([&] {
      gpu::launch(s, p, 0.5f, a, c).value();
      s.synchronize().value();
    });
    auto loop = [&](size_t lo, size_t hi) {
      for (size_t i = lo; i < hi; ++i)
        hc[i] = work::saxpy(0.5f, ha[i], hc[i]);
    };
    double l1 = median_ms([&] { parallel(n, 1, loop); });
    double ln = median_ms([&] { parallel(n, threads, loop); });
    report("saxpy", k, l1, ln, true);
  }
  { // gelu
    auto p = gpu::prepare<kernels::gelu>(ctx, cfg).value();
    double k = median_ms([&] {
      gpu::launch(s, p, a, c).value();
      s.synchronize().value();
    });
    auto loop = [&](size_t lo, size_t hi) {
      for (size_t i = lo; i < hi; ++i)
        hc[i] = work::gelu(ha[i]);
    };
    double l1 = median_ms([&] { parallel(n, 1, loop); });
    double ln = median_ms([&] { parallel(n, threads, loop); });
    report("gelu", k, l1, ln, c.to_host(s).value() == hc);
  }
  { // block scan of 256-element segments
    std::vector<int> hi(n), ho(n);
    for (size_t i = 0; i < n; ++i)
      hi[i] = int(i % 7) - 3;
    auto in = gpu::device_buffer<int>::from_host(s, hi).value();
    auto out = gpu::device_buffer<int>::zeroed(s, n).value();
    auto p = gpu::prepare<kernels::block_scan>(ctx, cfg).value();
    double k = median_ms([&] {
      gpu::launch(s, p, in, out).value();
      s.synchronize().value();
    });
    auto loop = [&](size_t lo, size_t hi_) {
      for (size_t seg = lo; seg < hi_; ++seg) {
        int sum = 0;
        for (size_t i = seg * 256; i < seg * 256 + 256; ++i)
          ho[i] = sum += hi[i];
      }
    };
    double l1 = median_ms([&] { parallel(n / 256, 1, loop); });
    double ln = median_ms([&] { parallel(n / 256, threads, loop); });
    report("block_scan", k, l1, ln, out.to_host(s).value() == ho);
  }
  { // tiled SGEMM, 512 x 512
    const uint32_t m = 512;
    auto hx = randoms(size_t(m) * m, 3), hy = randoms(size_t(m) * m, 4);
    std::vector<float> hz(size_t(m) * m);
    auto x = gpu::device_buffer<float>::from_host(s, hx).value();
    auto y = gpu::device_buffer<float>::from_host(s, hy).value();
    auto z = gpu::device_buffer<float>::zeroed(s, size_t(m) * m).value();
    gpu::launch_config_2d g{{m / kernels::TILE, m / kernels::TILE},
                            {kernels::TILE, kernels::TILE}};
    double k = median_ms([&] {
      gpu::launch_unchecked<kernels::sgemm_tiled>(s, g, x, y, z, m).value();
      s.synchronize().value();
    });
    auto loop = [&](size_t lo, size_t hi_) {
      for (size_t i = lo; i < hi_; ++i) {
        float *row = &hz[i * m];
        std::fill(row, row + m, 0.0f);
        for (uint32_t kk = 0; kk < m; ++kk) {
          float av = hx[i * m + kk];
          for (uint32_t j = 0; j < m; ++j)
            row[j] += av * hy[size_t(kk) * m + j];
        }
      }
    };
    double l1 = median_ms([&] { parallel(m, 1, loop); });
    double ln = median_ms([&] { parallel(m, threads, loop); });
    auto got = z.to_host(s).value();
    bool ok = true;
    for (size_t i = 0; i < got.size() && ok; ++i)
      ok = std::fabs(got[i] - hz[i]) <= 1e-3f * (1.0f + std::fabs(hz[i]));
    report("sgemm_tiled", k, l1, ln, ok);
  }
  { // softmax of 4096 rows of 1024
    const uint32_t rows = 4096, cols = 1024;
    auto hx = randoms(size_t(rows) * cols, 5);
    std::vector<float> hy(hx.size());
    auto x = gpu::device_buffer<float>::from_host(s, hx).value();
    auto y = gpu::device_buffer<float>::zeroed(s, hx.size()).value();
    auto p = gpu::prepare<kernels::softmax>(
                 ctx, gpu::launch_config_1d{rows, 256})
                 .value();
    double k = median_ms([&] {
      gpu::launch(s, p, x, y, cols).value();
      s.synchronize().value();
    });
    auto loop = [&](size_t lo, size_t hi_) {
      for (size_t r = lo; r < hi_; ++r) {
        const float *in = &hx[r * cols];
        float m = -INFINITY, sum = 0.0f;
        for (uint32_t j = 0; j < cols; ++j)
          m = std::max(m, in[j]);
        for (uint32_t j = 0; j < cols; ++j)
          sum += std::exp(in[j] - m);
        for (uint32_t j = 0; j < cols; ++j)
          hy[r * cols + j] = std::exp(in[j] - m) / sum;
      }
    };
    double l1 = median_ms([&] { parallel(rows, 1, loop); });
    double ln = median_ms([&] { parallel(rows, threads, loop); });
    auto got = y.to_host(s).value();
    bool ok = true;
    for (size_t i = 0; i < got.size() && ok; ++i)
      ok = std::fabs(got[i] - hy[i]) <= 1e-5f;
    report("softmax", k, l1, ln, ok);
  }
}
