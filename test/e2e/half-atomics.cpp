// Atomic addition of halves and pairs of halves (<gpu/half.hpp>'s
// gpu::atomic_add),
// on the GPU: every thread of a block adds to one counter in global and in
// shared memory; the sums are exact (integers a half or bfloat16 holds), so
// they are compared exactly, and the old values the threads got back must
// be each partial sum once.
#include <gpu/gpu.hpp>
#include <gpu/half.hpp>

#include "check.hpp"

#include <algorithm>
#include <type_traits>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace kernels {
// out: [0] the global counter, [1] the shared counter's total.
template <class H, int Threads>
[[gpu::kernel, gpu::launch_contract(1, Threads)]] void
add(H *counter, H *olds, H step) {
  [[gpu::shared]] H shared_counter;
  uint32_t t = gpu::thread_idx().x;
  if (t == 0)
    shared_counter = H::from_bits(0);
  gpu::sync_threads();
  olds[t] = gpu::atomic_add(&counter[0], step);
  gpu::atomic_add(&shared_counter, step);
  gpu::sync_threads();
  if (t == 0)
    counter[1] = shared_counter;
}

// Many blocks adding to one global counter at once (the CPU device runs
// blocks on several threads).
template <class H>
[[gpu::kernel, gpu::launch_contract(1, 32)]] void add_across_blocks(H *counter,
                                                                    H step) {
  gpu::atomic_add(counter, step);
}
} // namespace kernels

#ifdef TRACE_STEPS
#define STEP(what) std::fprintf(stderr, "step: %s\n", what)
#else
#define STEP(what)
#endif

// The low and high lanes of a pair; a single half is its low lane.
template <class H> std::pair<float, float> lanes(H h) {
  if constexpr (std::is_same_v<H, gpu::half> || std::is_same_v<H, gpu::bfloat16>)
    return {float(h), 0.0f};
  else
    return {h.low_float(), h.high_float()};
}

template <class H, int Threads>
int run(gpu::context &ctx, const char *what, H step, float per_lane_lo,
        float per_lane_hi) {
  auto &s = ctx.default_stream();
  std::vector<H> zero(2, H::from_bits(0));
  auto counter = gpu::device_buffer<H>::from_host(s, zero).value();
  auto olds = gpu::device_buffer<H>::zeroed(s, Threads).value();
  auto p = gpu::prepare<kernels::add<H, Threads>>(
      ctx, gpu::launch_config_1d{1, Threads});
  STEP("prepared");
  if (!p)
    return check(false, what, describe(p));
  auto r = gpu::launch(s, *p, counter, olds, step);
  STEP("launched");
  if (!r)
    return check(false, what, describe(r));
  std::vector<H> c = counter.to_host(s).value();
  std::vector<H> o = olds.to_host(s).value();
  STEP("copied back");
  bool ok = true;
  for (int i = 0; i < 2; ++i) {
    auto [lo, hi] = lanes(c[i]);
    ok = ok && lo == per_lane_lo * Threads && hi == per_lane_hi * Threads;
  }
  // The old values: 0, step, 2 step, ... each once.
  std::vector<float> seen;
  for (H h : o)
    seen.push_back(lanes(h).first);
  std::sort(seen.begin(), seen.end());
  for (int i = 0; i < Threads; ++i)
    ok = ok && seen[i] == per_lane_lo * float(i);
  auto [glo, ghi] = lanes(c[0]);
  auto [slo, shi] = lanes(c[1]);
  char detail[160];
  std::snprintf(detail, sizeof detail,
                "global (%g, %g), shared (%g, %g), expected (%g, %g)", glo,
                ghi, slo, shi, per_lane_lo * Threads, per_lane_hi * Threads);
  return check(ok, what, detail);
}

// `launches` launches of `blocks` x 32 adds of one to a zeroed counter: each
// total must be exact (blocks x 32 at most 2048 for half, 256 for bf16).
template <class H>
int contended(gpu::context &ctx, const char *what, uint32_t blocks,
              int launches) {
  auto &s = ctx.default_stream();
  auto p = gpu::prepare<kernels::add_across_blocks<H>>(
      ctx, gpu::launch_config_1d{blocks, 32});
  if (!p)
    return check(false, what, describe(p));
  int lost = 0;
  float worst = 0;
  for (int i = 0; i < launches; ++i) {
    auto counter = gpu::device_buffer<H>::zeroed(s, 1).value();
    gpu::launch(s, *p, counter, H(1.0f)).value();
    float total = lanes(counter.to_host(s).value()[0]).first;
    if (total != float(blocks * 32)) {
      worst = lost++ ? worst : total;
    }
  }
  char detail[160];
  std::snprintf(detail, sizeof detail, "%d of %d launches lost updates", lost,
                launches);
  if (lost)
    std::snprintf(detail, sizeof detail,
                  "%d of %d launches lost updates (the first: %g of %u)", lost,
                  launches, worst, blocks * 32);
  return check(lost == 0, what, detail);
}

int main(int argc, char **argv) {
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  int only = argc > 1 ? std::atoi(argv[1]) : -1; // one check, by number
  auto ctx = gpu::context::create(0);
  if (!ctx) {
    std::printf("FAILED: context: %s\n", ctx.error().message().c_str());
    return 2;
  }
  int failures = 0;
  if (only < 0 || only == 0)
    failures += run<gpu::half, 1024>(*ctx, "atomic_add(half)",
                                     gpu::half(1.0f), 1, 0);
  if (only < 0 || only == 1)
    failures += run<gpu::bfloat16, 256>(*ctx, "atomic_add(bfloat16)",
                                        gpu::bfloat16(1.0f), 1, 0);
  if (only < 0 || only == 2)
    failures += run<gpu::half2, 1024>(
        *ctx, "atomic_add(half2)",
        gpu::half2(gpu::half(1.0f), gpu::half(2.0f)), 1, 2);
  if (only < 0 || only == 3)
    failures += run<gpu::bfloat162, 128>(
        *ctx, "atomic_add(bfloat162)",
        gpu::bfloat162(gpu::bfloat16(1.0f), gpu::bfloat16(2.0f)), 1, 2);
  if (only < 0 || only == 4)
    failures +=
        contended<gpu::half>(*ctx, "atomic_add(half) across blocks", 64, 200);
  if (only < 0 || only == 5)
    failures += contended<gpu::bfloat16>(
        *ctx, "atomic_add(bfloat16) across blocks", 8, 200);
  if (failures == 0)
    std::printf("PASSED: all checks\n");
  return failures == 0 ? 0 : 1;
}
