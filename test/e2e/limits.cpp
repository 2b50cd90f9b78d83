// Context limits on the GPU: the printf FIFO and malloc heap sizes set and
// read back; a recursive kernel that needs more than the default stack runs
// once the stack limit is raised; and, last (it ends the context), the same
// recursion far deeper than the stack faults with a message that suggests
// a stack overflow and how to raise the limit.
#include <gpu/gpu.hpp>

#include "check.hpp"

#include <cstdio>
#include <string>

// Not a tail call: x is live across the call, so every level has a frame.
static uint32_t walk(uint32_t n, uint32_t x) {
  if (n == 0)
    return x;
  uint32_t r = walk(n - 1, x * 1664525u + 1013904223u);
  return r * 3u + (x >> 3);
}

static uint32_t walk_host(uint32_t n, uint32_t x) {
  uint32_t r = x;
  // The same recursion unrolled from the bottom: collect the x of each level.
  uint32_t xs[4096];
  for (uint32_t i = 0; i < n; ++i) {
    xs[i] = x;
    x = x * 1664525u + 1013904223u;
  }
  r = x;
  for (uint32_t i = n; i-- > 0;)
    r = r * 3u + (xs[i] >> 3);
  return r;
}

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 32)]]
void recurse(uint32_t *out, uint32_t depth) {
  uint32_t t = gpu::thread_idx().x;
  out[t] = walk(depth, t + 1);
}
} // namespace kernels

int main() {
  auto ctx = gpu::context::create(0);
  if (!ctx) {
    std::fprintf(stderr, "%s\n", ctx.error().message().c_str());
    return 2;
  }
  int failures = 0;
  auto &s = ctx->default_stream();
  size_t stack0 = ctx->get_limit(gpu::limit::stack_size).value();
  size_t fifo0 = ctx->get_limit(gpu::limit::printf_fifo_size).value();
  size_t heap0 = ctx->get_limit(gpu::limit::malloc_heap_size).value();
  std::printf("defaults: stack %zu bytes, printf FIFO %zu bytes, malloc heap %zu bytes\n",
              stack0, fifo0, heap0);
  ctx->set_limit(gpu::limit::printf_fifo_size, 8 << 20).value();
  ctx->set_limit(gpu::limit::malloc_heap_size, 32 << 20).value();
  size_t fifo = ctx->get_limit(gpu::limit::printf_fifo_size).value();
  size_t heap = ctx->get_limit(gpu::limit::malloc_heap_size).value();
  failures += check(fifo >= (8u << 20), "printf FIFO size set", std::to_string(fifo));
  failures += check(heap >= (32u << 20), "malloc heap size set", std::to_string(heap));

  // 2,000 levels need far more than the default stack (1 KiB on current
  // GPUs): raised to 64 KiB, the recursion completes.
  constexpr uint32_t depth = 2000;
  ctx->set_limit(gpu::limit::stack_size, 64 << 10).value();
  size_t stack = ctx->get_limit(gpu::limit::stack_size).value();
  failures += check(stack >= (64u << 10), "stack size set", std::to_string(stack));
  auto out = gpu::device_buffer<uint32_t>::zeroed(s, 32).value();
  auto p = gpu::prepare<kernels::recurse>(*ctx, gpu::launch_config_1d{1, 32}).value();
  gpu::launch(s, p, out, depth).value();
  auto deep = out.to_host(s);
  size_t bad = 0;
  if (deep)
    for (uint32_t t = 0; t < 32; ++t)
      bad += (*deep)[t] != walk_host(depth, t + 1);
  failures += check(deep && bad == 0, "2,000-deep recursion with a 64 KiB stack",
                    deep ? std::to_string(bad) + " wrong" : describe(deep));

  // Back to the default stack and 200,000 levels: a fault whose message
  // names the stack (this ends the context, so it comes last).
  ctx->set_limit(gpu::limit::stack_size, stack0).value();
  gpu::launch(s, p, out, 200000u).value();
  auto overflow = s.synchronize();
  bool hinted = !overflow && overflow.error().message().find("stack overflow") != std::string::npos &&
                overflow.error().message().find("gpu::limit::stack_size") != std::string::npos;
  failures += check(hinted, "a stack overflow is reported with the hint", describe(overflow));
  if (failures) {
    std::printf("FAILED: %d checks\n", failures);
    return 1;
  }
  std::printf("PASSED: all checks\n");
}
