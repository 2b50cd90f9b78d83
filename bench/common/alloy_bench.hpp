// The Alloy side of the benchmarks: the device API, the shared timing
// helpers, and a main() wrapper that turns a missing GPU or a failed launch
// into a message and exit status 2.
#ifndef BENCH_COMMON_ALLOY_BENCH_HPP
#define BENCH_COMMON_ALLOY_BENCH_HPP

#include "check.hpp"
#include "timing.hpp"
#include <gpu/gpu.hpp>

#include <cstdio>

namespace bench {

// The context alloy_main made, for the timing helpers' events.
inline gpu::context *current_context = nullptr;

// The median GPU time of `launch()` (launches on `s`), between gpu::event
// records.
template <class Launch> double time_alloy(gpu::stream &s, Launch &&launch) {
  gpu::context &ctx = *current_context;
  auto start = ctx.create_event().value();
  auto stop = ctx.create_event().value();
  return median_gpu_us(
      launch, [&] { start.record(s).value(); },
      [&] {
        stop.record(s).value();
        stop.synchronize().value();
        return double(gpu::elapsed_ms(start, stop).value()) * 1000.0;
      });
}

// The median GPU time of prepared kernel `p` with `args`, on `s`.
template <auto K, class... Args>
double time_alloy(gpu::stream &s, const gpu::prepared<K> &p, Args &...args) {
  return time_alloy(s, [&] { gpu::launch(s, p, args...).value(); });
}

// The median host time per launch (enqueue rate), for the launch benchmark.
template <auto K, class... Args>
double time_alloy_host(gpu::stream &s, const gpu::prepared<K> &p,
                       Args &...args) {
  return median_us([&] { gpu::launch(s, p, args...).value(); },
                   [&] { s.synchronize().value(); });
}

// Runs `body(ctx)` on device 0 and returns its exit status.
template <class Body> int alloy_main(const char *program, Body body) {
  auto ctx = gpu::context::create(0);
  if (!ctx) {
    std::fprintf(stderr, "%s: %s\n", program, ctx.error().message().c_str());
    return 2;
  }
  current_context = &*ctx;
  try {
    return body(*ctx);
  } catch (const gpu::exception &e) {
    std::fprintf(stderr, "%s: %s\n", program, e.what());
    return 2;
  }
}

} // namespace bench

#endif // BENCH_COMMON_ALLOY_BENCH_HPP
