// Scalar arguments that convert exactly are accepted, by the plugin and by
// the headers alike: wider integers of the same signedness, unsigned to a
// wider signed type, integers whose value bits fit the significand
// (short to float, int to double), float to double.
// RUN: %alloy_cc1 -fsyntax-only -Xclang -verify %s
// RUN: %clangxx -fsyntax-only -Xclang -verify %s
// expected-no-diagnostics
#include <gpu/gpu.hpp>

#include <cstdint>

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 128)]]
void take(gpu::disjoint_span<float> out, float f, double d, int64_t wide,
          int32_t narrow_signed) {}
} // namespace kernels

void run(gpu::context &ctx, gpu::stream &stream) {
  auto out = gpu::device_buffer<float>::zeroed(stream, 16).value();
  auto p = gpu::prepare<kernels::take>(ctx, gpu::launch_config_1d{1, 128}).value();
  short s = 3;
  uint16_t u16 = 4;
  int i = 5;
  uint32_t u32 = 6;
  (void)gpu::launch(stream, p, out, s, i, i, u16);
  (void)gpu::launch(stream, p, out, u16, u32, u32, s);
  (void)gpu::launch(stream, p, out, 1.0f, 1.0f, int8_t(1), int8_t(1));
}
