// Attribute arguments that are plain names, as CUDA's
// __launch_bounds__(THREADS): clang's parser keeps a lone name as an
// identifier for plugin attributes; Alloy looks it up like an expression.
// RUN: %alloy_cc1 -fsyntax-only -Xclang -verify %s
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -DVALID -o %t.o -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s < %t/attribute-names.ptx
#include <gpu/device.hpp>

constexpr int THREADS = 256;
constexpr int RANK = 1;
namespace k {
// CHECK-LABEL: .entry _ZN1k6boundsEPf
// CHECK: .maxntid 256, 1, 1
[[gpu::kernel, gpu::launch_bounds(THREADS)]] void bounds(float *out) {
  out[gpu::thread_idx().x] = 1.0f;
}
// CHECK-LABEL: .entry _ZN1k13bounds_blocksEPf
// CHECK: .maxntid 256, 1, 1
// CHECK: .minnctapersm 2
[[gpu::kernel, gpu::launch_bounds(THREADS, 2)]] void bounds_blocks(float *out) {
  out[gpu::thread_idx().x] = 1.0f;
}
// CHECK-LABEL: .entry _ZN1k8contractEPf
// CHECK: .reqntid 256, 1, 1
[[gpu::kernel, gpu::launch_contract(RANK, THREADS)]] void contract(float *out) {
  out[gpu::thread_idx().x] = 1.0f;
}
// CHECK-LABEL: .entry _ZN1k9templatedILi128EEEvPf
// CHECK: .maxntid 128, 1, 1
template <int BLOCK>
[[gpu::kernel, gpu::launch_bounds(BLOCK)]] void templated(float *out) {
  out[gpu::thread_idx().x] = 1.0f;
}
template void templated<128>(float *);

#ifndef VALID
// expected-error@+2 {{use of undeclared identifier 'NOT_DECLARED'}}
// expected-error@+1 {{malformed gpu::launch_bounds attribute: argument 1 must be an integer constant}}
[[gpu::kernel, gpu::launch_bounds(NOT_DECLARED)]] void undeclared(float *out) {
  out[0] = 1.0f;
}
#endif
} // namespace k
