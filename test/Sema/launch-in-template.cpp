// An argument rejected in a launch wrapper (a host template) is reported at
// the wrapper's gpu::launch, with a note at the call that instantiated the
// wrapper; a bool or enum parameter's type reads as C++ spells it.
// RUN: not %alloy_cc1 -fsyntax-only -ferror-limit=0 %s 2>&1 | FileCheck %s --implicit-check-not='static assertion' --implicit-check-not=error:
#include <gpu/gpu.hpp>

enum class Mode { fast, exact };

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 64)]]
void scale(std::span<const float> a, gpu::disjoint_span<float> c, uint32_t k) {}
[[gpu::kernel, gpu::launch_contract(1, 32)]]
void flags(bool on, Mode m) {}
}  // namespace kernels

template <auto K, class... Args>
void run(gpu::stream &s, const gpu::prepared<K> &p, Args &&...args) {
  // CHECK: launch-in-template.cpp:[[@LINE+1]]:{{[0-9]+}}: error: argument for parameter 'k' of kernels::scale: 'int' does not convert to 'uint32_t' without narrowing
  (void)gpu::launch(s, p, args...);
}

void use(gpu::context &ctx, gpu::stream &s) {
  auto a = gpu::device_buffer<float>::zeroed(s, 64).value();
  auto c = gpu::device_buffer<float>::zeroed(s, 64).value();
  auto p = gpu::prepare<kernels::scale>(ctx, gpu::launch_config_1d{1, 64}).value();
  run(s, p, a, c, 2u);
  // CHECK: launch-in-template.cpp:[[@LINE+1]]:3: note: in instantiation of 'run<&kernels::scale, gpu::device_buffer<float> &, gpu::device_buffer<float> &, int>' requested here
  run(s, p, a, c, 2);
  auto q = gpu::prepare<kernels::flags>(ctx, gpu::launch_config_1d{1, 32}).value();
  // CHECK: launch-in-template.cpp:[[@LINE+1]]:{{[0-9]+}}: error: argument for parameter 'on' of kernels::flags: 'int' does not convert to 'bool' without narrowing
  (void)gpu::launch(s, q, 1, Mode::fast);
  // CHECK: launch-in-template.cpp:[[@LINE+1]]:{{[0-9]+}}: error: argument for parameter 'm' of kernels::flags: the parameter needs a value of its type 'Mode', not 'int'
  (void)gpu::launch(s, q, true, 0);
}
