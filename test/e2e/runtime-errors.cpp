// Errors that only the running program can see: overlapping buffers that
// the compiler could not match, and a fault inside a kernel, reported by
// the next call on the stream with the kernel's name.
#include <gpu/gpu.hpp>

#include "check.hpp"
#include <cstdio>
#include <string>

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 32)]]
void copy(std::span<const int> in, gpu::disjoint_span<int> out) {
  auto i = gpu::thread::index_1d();
  if (int *o = out.get_mut(i))
    *o = in[i.get()];
}

[[gpu::kernel]] void trap_when(int *out, int value) {
  if (value == 42)
    gpu::trap();
  out[0] = value;
}
} // namespace kernels

// The compiler cannot see that `in` and `out` are the same buffer here.
static gpu::result<void> copy_through(gpu::stream &stream,
                                      const gpu::prepared<kernels::copy> &p,
                                      gpu::device_buffer<int> &in,
                                      gpu::device_buffer<int> &out) {
  return gpu::launch(stream, p, in, out);
}

int main() {
  auto ctx = gpu::context::create(0);
  if (!ctx) {
    std::fprintf(stderr, "%s\n", ctx.error().message().c_str());
    return 2;
  }
  auto &stream = ctx->default_stream();
  int failures = 0;
  auto a = gpu::device_buffer<int>::zeroed(stream, 64).value();
  auto p = gpu::prepare<kernels::copy>(*ctx, gpu::launch_config_1d{2, 32}).value();
  // Events: an unrecorded pair is an error; recorded around launches they
  // give a positive time.
  {
    auto start = ctx->create_event().value();
    auto stop = ctx->create_event().value();
    auto early = gpu::elapsed_ms(start, stop);
    failures += check(!early, "elapsed time of unrecorded events is an error",
                      early ? "got a time" : early.error().message());
    auto b = gpu::device_buffer<int>::zeroed(stream, 64).value();
    start.record(stream).value();
    for (int i = 0; i < 100; ++i)
      copy_through(stream, p, a, b).value();
    stop.record(stream).value();
    stop.synchronize().value();
    auto ms = gpu::elapsed_ms(start, stop);
    failures += check(ms && *ms > 0.0f && *ms < 1000.0f,
                      "events time 100 launches",
                      ms ? std::to_string(*ms) + " ms" : ms.error().message());
  }
  auto aliased = copy_through(stream, p, a, a);
  failures += check(!aliased && aliased.error().code() == gpu::errc::aliasing,
                    "overlapping buffers rejected at launch",
                    aliased ? "launched" : aliased.error().message());

  auto one = gpu::device_buffer<int>::zeroed(stream, 1).value();
  auto launched = gpu::launch_unchecked<kernels::trap_when>(
      stream, gpu::launch_config_1d{1, 1}, one, 42);
  auto synced = stream.synchronize();
  bool named = !synced &&
               synced.error().message().find("kernels::trap_when") != std::string::npos;
  failures += check(launched && named, "a trap is reported with the kernel's name",
                    synced ? "no error" : synced.error().name() + ": " + synced.error().message());
  auto later = one.to_host(stream);
  failures += check(!later, "the fault is sticky",
                    later ? "no error" : later.error().message());
  if (failures) {
    std::printf("FAILED: %d checks\n", failures);
    return 1;
  }
  std::printf("PASSED: all checks\n");
}
