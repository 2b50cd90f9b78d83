// A constant table too large to embed in the GPU code is an error, not an
// endless compile (the mutation fuzzer's hang: an 8 GiB constexpr array).
// RUN: %alloy_cc1 -fsyntax-only -Xclang -verify %s
#include <gpu/gpu.hpp>

constexpr int kHuge[1 << 23] = {1, 2}; // 32 MiB

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 64)]]
void lookup(gpu::disjoint_span<int> out) {
  static constexpr int kOffsets[2147483647] = {10, 20}; // expected-error {{the constant 'kOffsets' cannot be used in device code: its 8589934588 bytes exceed the 16 MiB that Alloy embeds in the GPU code}}
  static constexpr int kSmall[1024] = {3};
  auto i = gpu::thread::index_1d();
  if (int *o = out.get_mut(i))
    *o = kOffsets[i.get() & 1] + kHuge[i.get() & 1] + kSmall[i.get() & 1023]; // expected-error {{the constant 'kHuge' cannot be used in device code: its 33554432 bytes exceed}}
}
} // namespace kernels
