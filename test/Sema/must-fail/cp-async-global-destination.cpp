// gpu::cp_async into a plain (global) pointer: the destination must be a
// gpu::smem_ptr, so a float* finds no overload.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/tensor_core.hpp>

[[gpu::kernel]] void k(const float *in, float *out) {
  // CHECK: cp-async-global-destination.cpp:[[@LINE+3]]:3: error: no matching function for call to 'cp_async'
  // CHECK: tensor_core.hpp:{{[0-9]+}}:{{[0-9]+}}: note: candidate template ignored: could not match 'smem_ptr<T>' against 'float *'
  // CHECK: 1 error generated.
  gpu::cp_async<16>(out, in);
}
