// CUDA graphs on the GPU: 1,000 small kernels captured into one graph and
// replayed, against the same 1,000 launched one by one; prints the time per
// kernel of both (host wall time until the stream is done, median of 7
// rounds) and checks that every kernel ran.
#include <gpu/gpu.hpp>

#include "check.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 32)]]
void tick(int *counter) {
  if (gpu::thread_idx().x == 0)
    counter[0] += 1;
}
} // namespace kernels

template <class F> static double median_us(F &&round, int rounds = 7) {
  std::vector<double> us;
  for (int i = 0; i < rounds; ++i) {
    auto start = std::chrono::steady_clock::now();
    round();
    auto stop = std::chrono::steady_clock::now();
    us.push_back(std::chrono::duration<double, std::micro>(stop - start).count());
  }
  std::sort(us.begin(), us.end());
  return us[us.size() / 2];
}

int main() {
  auto ctx = gpu::context::create(0);
  if (!ctx) {
    std::fprintf(stderr, "%s\n", ctx.error().message().c_str());
    return 2;
  }
  constexpr int kernels_per_round = 1000;
  int failures = 0;
  auto s = ctx->create_stream().value();
  auto counter = gpu::device_buffer<int>::zeroed(s, 1).value();
  auto p = gpu::prepare<kernels::tick>(*ctx, gpu::launch_config_1d{1, 32}).value();

  // Warm up: module loaded, first launches done.
  for (int i = 0; i < 100; ++i)
    gpu::launch(s, p, counter).value();
  s.synchronize().value();

  double individual = median_us([&] {
    for (int i = 0; i < kernels_per_round; ++i)
      gpu::launch(s, p, counter).value();
    s.synchronize().value();
  });

  auto t0 = std::chrono::steady_clock::now();
  auto g = s.capture([&] {
              for (int i = 0; i < kernels_per_round; ++i)
                gpu::launch(s, p, counter).value();
            }).value();
  double build_us = std::chrono::duration<double, std::micro>(
                        std::chrono::steady_clock::now() - t0)
                        .count();
  size_t nodes = g.node_count().value();
  failures += check(nodes == size_t(kernels_per_round), "the graph holds every launch",
                    std::to_string(nodes) + " nodes");
  g.launch(s).value(); // warm up the replay
  s.synchronize().value();
  double replay = median_us([&] {
    g.launch(s).value();
    s.synchronize().value();
  });

  // 100 warm-up + 7 rounds each way + 1 warm-up replay.
  int expected = 100 + 7 * kernels_per_round + kernels_per_round + 7 * kernels_per_round;
  int got = counter.to_host(s).value()[0];
  failures += check(got == expected, "every kernel ran",
                    std::to_string(got) + " of " + std::to_string(expected));
  std::printf("individual launches: %.3f us per launch (%d launches, then synchronize)\n",
              individual / kernels_per_round, kernels_per_round);
  std::printf("graph replay: %.3f us per launch (%d kernels in one graph; "
              "capture and instantiation took %.0f us)\n",
              replay / kernels_per_round, kernels_per_round, build_us);
  std::printf("graph speed-up: %.2fx\n", individual / replay);
  if (failures) {
    std::printf("FAILED: %d checks\n", failures);
    return 1;
  }
  std::printf("PASSED: all checks\n");
}
