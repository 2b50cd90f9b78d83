// Device memory on the GPU: page-locked host buffers with asynchronous
// copies, device-to-device copies, memset and 32-bit fills, and views of
// one buffer passed to a kernel (disjoint ones accepted, overlapping ones
// rejected before launch, out-of-range ones an error).
#include <gpu/gpu.hpp>

#include "check.hpp"
#include <cstdio>
#include <string>
#include <vector>

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 256)]]
void twice(std::span<const float> in, gpu::disjoint_span<float> out) {
  auto i = gpu::thread::index_1d();
  if (float *o = out.get_mut(i))
    *o = in[i.get()] * 2.0f;
}
} // namespace kernels

int main() {
  auto ctx = gpu::context::create(0);
  if (!ctx) {
    std::fprintf(stderr, "%s\n", ctx.error().message().c_str());
    return 2;
  }
  int failures = 0;
  auto stream = ctx->create_stream().value();
  constexpr size_t n = 1 << 20;

  // Pinned round trip, queued without waiting, timed with events.
  auto up = gpu::pinned_buffer<float>::allocate(*ctx, n).value();
  auto down = gpu::pinned_buffer<float>::allocate(*ctx, n).value();
  for (size_t i = 0; i < n; ++i)
    up[i] = float(i % 1000) * 0.25f;
  auto dev = gpu::device_buffer<float>::uninitialized(stream, n).value();
  auto start = ctx->create_event().value();
  auto stop = ctx->create_event().value();
  start.record(stream).value();
  gpu::copy_async(stream, dev, up).value();
  gpu::copy_async(stream, down, dev).value();
  stop.record(stream).value();
  stream.synchronize().value();
  size_t bad = 0;
  for (size_t i = 0; i < n; ++i)
    bad += down[i] != up[i];
  float ms = gpu::elapsed_ms(start, stop).value();
  failures += check(bad == 0, "pinned async round trip",
                    std::to_string(bad) + " wrong; " +
                        std::to_string(2.0 * n * sizeof(float) / ms / 1e6) +
                        " GB/s");

  // Device to device, and an overlapping copy refused.
  auto copy = gpu::device_buffer<float>::uninitialized(stream, n).value();
  gpu::copy_async(stream, copy, dev).value();
  auto back = copy.to_host(stream).value();
  bad = 0;
  for (size_t i = 0; i < n; ++i)
    bad += back[i] != up[i];
  failures += check(bad == 0, "device-to-device copy", std::to_string(bad) + " wrong");
  auto head = dev.view(0, n / 2).value();
  auto middle = dev.view(n / 4, n / 2).value();
  auto overlap = gpu::copy_async(stream, middle, head);
  failures += check(!overlap && overlap.error().code() == gpu::errc::aliasing,
                    "overlapping device copy refused", describe(overlap));

  // memset and fill, whole and through a view.
  auto ints = gpu::device_buffer<int>::uninitialized(stream, 1000).value();
  gpu::memset_async(stream, ints, 0xff).value();
  auto window = ints.view(100, 50).value();
  gpu::fill_async(stream, window, 12345).value();
  auto filled = ints.to_host(stream).value();
  bad = 0;
  for (size_t i = 0; i < filled.size(); ++i)
    bad += filled[i] != (i >= 100 && i < 150 ? 12345 : -1);
  failures += check(bad == 0, "memset and fill of a view", std::to_string(bad) + " wrong");
  auto floats = gpu::device_buffer<float>::uninitialized(stream, 4096).value();
  gpu::fill_async(stream, floats, 0.5f).value();
  auto half = floats.to_host(stream).value();
  bad = 0;
  for (float f : half)
    bad += f != 0.5f;
  failures += check(bad == 0, "float fill", std::to_string(bad) + " wrong");

  // Views as kernel arguments: the first half doubled into the second.
  auto lo = dev.view(0, n / 2).value();
  auto hi = dev.view(n / 2).value();
  auto p = gpu::prepare<kernels::twice>(*ctx, gpu::launch_config_1d{n / 2 / 256, 256}).value();
  auto disjoint = gpu::launch(stream, p, lo, hi);
  failures += check(bool(disjoint), "disjoint views of one buffer launch", describe(disjoint));
  auto result = dev.to_host(stream).value();
  bad = 0;
  for (size_t i = 0; i < n / 2; ++i)
    bad += result[n / 2 + i] != up[i] * 2.0f || result[i] != up[i];
  failures += check(bad == 0, "the kernel wrote the upper view", std::to_string(bad) + " wrong");
  auto shifted = dev.view(n / 4, n / 2).value();
  auto aliased = gpu::launch(stream, p, lo, shifted);
  failures += check(!aliased && aliased.error().code() == gpu::errc::aliasing,
                    "overlapping views rejected at launch", describe(aliased));
  auto outside = dev.view(n - 10, 11);
  failures += check(!outside && outside.error().code() == gpu::errc::out_of_range,
                    "a view past the end is an error", describe(outside));
  if (failures) {
    std::printf("FAILED: %d checks\n", failures);
    return 1;
  }
  std::printf("PASSED: all checks\n");
}
