// [[gpu::may_alias]] on a parameter of a function that is not a kernel is
// not honoured, so it is a warning, not silence.
// RUN: %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
#include <gpu/gpu.hpp>

// CHECK: may-alias-ignored.cpp:[[@LINE+1]]:56: warning: gpu::may_alias on 'out' is ignored: it marks a kernel's output parameter [alloy:may-alias-not-kernel]
void helper(const float *in, [[gpu::may_alias]] float *out) { out[0] = in[0]; }

[[gpu::kernel]] void kernel(const float *in, [[gpu::may_alias]] float *out) {
  helper(in, out);
}
