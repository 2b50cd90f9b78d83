// Events across streams on the GPU: event::query answers without blocking
// (pending while a long kernel runs, complete after), and stream::wait
// orders a consumer stream after a producer's work.
#include <gpu/gpu.hpp>

#include "check.hpp"
#include <cstdio>
#include <string>
#include <vector>

namespace kernels {
// One thread spinning on a dependent chain: tens of milliseconds.
[[gpu::kernel]] void spin(uint32_t *out, uint32_t iterations) {
  uint32_t x = out[0] + 1;
  for (uint32_t i = 0; i < iterations; ++i)
    x = x * 1664525u + 1013904223u;
  out[0] = x;
}

[[gpu::kernel, gpu::launch_contract(1, 256)]]
void produce(gpu::disjoint_span<int> out) {
  auto i = gpu::thread::index_1d();
  if (int *o = out.get_mut(i))
    *o = int(i.get()) * 3 + 1;
}

[[gpu::kernel, gpu::launch_contract(1, 256)]]
void consume(std::span<const int> in, gpu::disjoint_span<int> out) {
  auto i = gpu::thread::index_1d();
  if (int *o = out.get_mut(i))
    *o = in[i.get()] * 2;
}
} // namespace kernels

int main() {
  auto ctx = gpu::context::create(0);
  if (!ctx) {
    std::fprintf(stderr, "%s\n", ctx.error().message().c_str());
    return 2;
  }
  int failures = 0;
  auto producer = ctx->create_stream().value();
  auto consumer = ctx->create_stream().value();
  auto counter = gpu::device_buffer<uint32_t>::zeroed(producer, 1).value();

  // query: pending right after a long kernel is queued, complete after.
  auto done = ctx->create_event().value();
  failures += check(done.query().value(), "an unrecorded event is complete",
                    "query() == true");
  gpu::launch_unchecked<kernels::spin>(producer, gpu::launch_config_1d{1, 1},
                                       counter, 50'000'000u)
      .value();
  done.record(producer).value();
  auto early = done.query();
  failures += check(early && !*early, "query while the kernel runs",
                    early ? (*early ? "complete already" : "pending")
                          : early.error().message());
  done.synchronize().value();
  auto late = done.query();
  failures += check(late && *late, "query after synchronize",
                    late ? (*late ? "complete" : "pending")
                         : late.error().message());

  // wait: the consumer's kernel reads what the producer's wrote, the
  // producer first spinning so that an unordered read would see zeros.
  constexpr size_t n = 1 << 16;
  auto data = gpu::device_buffer<int>::zeroed(producer, n).value();
  auto out = gpu::device_buffer<int>::zeroed(consumer, n).value();
  producer.synchronize().value();
  consumer.synchronize().value();
  auto pp = gpu::prepare<kernels::produce>(*ctx, gpu::launch_config_1d{n / 256, 256}).value();
  auto pc = gpu::prepare<kernels::consume>(*ctx, gpu::launch_config_1d{n / 256, 256}).value();
  auto written = ctx->create_event().value();
  gpu::launch_unchecked<kernels::spin>(producer, gpu::launch_config_1d{1, 1},
                                       counter, 20'000'000u)
      .value();
  gpu::launch(producer, pp, data).value();
  written.record(producer).value();
  consumer.wait(written).value();
  gpu::launch(consumer, pc, data, out).value();
  auto host = out.to_host(consumer).value();
  size_t bad = 0;
  for (size_t i = 0; i < n; ++i)
    bad += host[i] != (int(i) * 3 + 1) * 2;
  failures += check(bad == 0, "stream::wait orders the consumer",
                    std::to_string(bad) + " wrong of " + std::to_string(n));
  if (failures) {
    std::printf("FAILED: %d checks\n", failures);
    return 1;
  }
  std::printf("PASSED: all checks\n");
}
