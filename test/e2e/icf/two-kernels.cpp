// Two kernels whose host bodies are identical: identical-code folding must
// not give them one address (the runtime finds kernels by it).
#include <gpu/gpu.hpp>

#include <cstdio>

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 64)]]
void first(gpu::disjoint_span<int> out) {
  if (int *o = out.get_mut(gpu::thread::index_1d()))
    *o = 1;
}
[[gpu::kernel, gpu::launch_contract(1, 64)]]
void second(gpu::disjoint_span<int> out) {
  if (int *o = out.get_mut(gpu::thread::index_1d()))
    *o = 1;
}
} // namespace kernels

int main() {
  auto ctx = gpu::context::create(0);
  if (!ctx) {
    std::printf("%s\n", ctx.error().message().c_str());
    return 2;
  }
  auto &s = ctx->default_stream();
  auto out = gpu::device_buffer<int>::zeroed(s, 64).value();
  auto first = gpu::prepare<kernels::first>(*ctx, gpu::launch_config_1d{1, 64});
  auto second = gpu::prepare<kernels::second>(*ctx, gpu::launch_config_1d{1, 64});
  if (!first || !second) {
    std::printf("FAILED: %s\n", first ? second.error().message().c_str()
                                       : first.error().message().c_str());
    return 1;
  }
  gpu::launch(s, *first, out).value();
  gpu::launch(s, *second, out).value();
  std::printf("PASSED: two kernels, two addresses\n");
  return 0;
}
