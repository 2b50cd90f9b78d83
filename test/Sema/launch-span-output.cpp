// A std::span<T> of non-const elements is a raw output that knows its size:
// launched with a non-const device_buffer<T> (plugin and headers agree),
// rejected with a const one. Its PTX parameter is not read-only.
// RUN: %alloy_cc1 -fsyntax-only -Xclang -verify %s -DVALID
// RUN: %clangxx -fsyntax-only -Xclang -verify %s -DVALID
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -DVALID -o %t.o -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s --check-prefix=PTX < %t/launch-span-output.ptx
#include <gpu/gpu.hpp>

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 128)]]
void fill(std::span<int> out, int value) {
  unsigned i = gpu::block_idx().x * 128 + gpu::thread_idx().x;
  if (i < out.size())
    out[i] = value;
}
} // namespace kernels

// PTX: .entry {{.*}}fill
// PTX: st.global.{{[a-z0-9]+}}

void run(gpu::context &ctx, gpu::stream &stream) {
  auto out = gpu::device_buffer<int>::zeroed(stream, 1000).value();
  auto p = gpu::prepare<kernels::fill>(ctx, gpu::launch_config_1d{8, 128}).value();
  (void)gpu::launch(stream, p, out, 7);
#ifndef VALID
  const auto &frozen = out;
  // CHECK: launch-span-output.cpp:[[@LINE+1]]:{{.*}}error: argument for parameter 'out' of kernels::fill: an output needs a non-const gpu::device_buffer
  (void)gpu::launch(stream, p, frozen, 7);
#endif
}
#ifdef VALID
// expected-no-diagnostics
#endif
