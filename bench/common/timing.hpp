// Shared by every benchmark, Alloy (.cpp) and nvcc (.cu) alike: the timing
// method, the one output line and a deterministic random generator. Plain
// C++17, no GPU API, so both compilers see the same code.
#ifndef BENCH_COMMON_TIMING_HPP
#define BENCH_COMMON_TIMING_HPP

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace bench {

// The median time of one launch, in microseconds. `launch()` enqueues one
// launch, `sync()` waits for the stream. 3 warm-up launches; then one timed
// launch picks K so that K back-to-back launches take >= 2 ms; then 21
// samples of (K launches + one sync), each divided by K.
template <class Launch, class Sync>
double median_us(Launch &&launch, Sync &&sync, int samples = 21,
                 double min_sample_us = 2000.0) {
  using clock = std::chrono::steady_clock;
  auto us_since = [](clock::time_point t0) {
    return std::chrono::duration<double, std::micro>(clock::now() - t0).count();
  };
  for (int i = 0; i < 3; ++i)
    launch();
  sync();
  auto t0 = clock::now();
  launch();
  sync();
  double once = std::max(us_since(t0), 1.0);
  int k = std::max(1, int(std::ceil(min_sample_us / once)));
  std::vector<double> t(samples);
  for (double &sample : t) {
    auto start = clock::now();
    for (int i = 0; i < k; ++i)
      launch();
    sync();
    sample = us_since(start) / k;
  }
  std::sort(t.begin(), t.end());
  return t[samples / 2];
}

// Microseconds of back-to-back launches before the samples: BENCH_WARM_MS,
// 500 ms by default. A power-bound kernel (a large GEMM) runs at higher
// clocks in its first tens of milliseconds than sustained, by how warm the
// previous program left the GPU; after the warm-up both sides of a pair are
// timed at the clocks a sustained run gets.
inline double warm_up_us() {
  const char *ms = std::getenv("BENCH_WARM_MS");
  return (ms && *ms ? std::atof(ms) : 500.0) * 1000.0;
}

// The same method timed on the GPU: `start()` records an event before the
// K launches, `stop()` records one after them, waits for it and returns the
// microseconds between the two (CUDA events in both programs). Kernel
// benchmarks use this; the launch-rate benchmark uses median_us.
template <class Launch, class Start, class Stop>
double median_gpu_us(Launch &&launch, Start &&start, Stop &&stop,
                     int samples = 21, double min_sample_us = 2000.0) {
  for (int i = 0; i < 3; ++i)
    launch();
  start();
  launch();
  double once = std::max(stop(), 1.0);
  if (double warm = warm_up_us(); warm > 0) {
    start();
    for (long i = 0, n = long(std::ceil(warm / once)); i < n; ++i)
      launch();
    stop();
  }
  int k = std::max(1, int(std::ceil(min_sample_us / once)));
  std::vector<double> t(samples);
  for (double &sample : t) {
    start();
    for (int i = 0; i < k; ++i)
      launch();
    sample = stop() / k;
  }
  std::sort(t.begin(), t.end());
  return t[samples / 2];
}

// `precise`, or `fast` when built with -DBENCH_FAST (a check's tolerance
// under fast math).
constexpr double fast_math_or(double precise, double fast) {
#ifdef BENCH_FAST
  return fast;
#else
  return precise;
#endif
}

// "saxpy", or "saxpy_fast" when built with -DBENCH_FAST.
inline std::string name(const char *base) {
#ifdef BENCH_FAST
  return std::string(base) + "_fast";
#else
  return base;
#endif
}

// Prints the one result line; returns the exit status (1 if the check
// failed).
inline int report(const std::string &name, const char *impl, double us,
                  const char *metric, double value, bool ok) {
  std::printf("BENCH %s %s median_us=%.2f %s=%.1f check=%s\n", name.c_str(),
              impl, us, metric, value, ok ? "ok" : "FAIL");
  std::fflush(stdout);
  return ok ? 0 : 1;
}

// GB/s for `bytes` moved in `us` microseconds; GFLOP/s likewise.
inline double gbps(double bytes, double us) { return bytes / (us * 1e3); }
inline double gflops(double flops, double us) { return flops / (us * 1e3); }

// A small deterministic generator (SplitMix64), the same in both programs.
struct rng {
  uint64_t state;
  explicit rng(uint64_t seed) : state(seed) {}
  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  // Uniform in [lo, hi).
  float uniform(float lo, float hi) {
    return lo + (hi - lo) * float(next() >> 40) * (1.0f / 16777216.0f);
  }
  uint32_t below(uint32_t n) { return uint32_t(next() % n); }
};

inline std::vector<float> random_floats(size_t n, float lo, float hi,
                                        uint64_t seed) {
  std::vector<float> v(n);
  rng r(seed);
  for (float &x : v)
    x = r.uniform(lo, hi);
  return v;
}

} // namespace bench

#endif // BENCH_COMMON_TIMING_HPP
