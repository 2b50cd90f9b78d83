// Two kernels reach the same throwing helper: it is reported once, with the
// shortest chain (from the kernel that calls it directly).
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

inline int checked_index(int i, int n) {
  if (i >= n)
    // CHECK: two-kernels-one-bad-helper.cpp:[[@LINE+1]]:5: error: a throw expression cannot be used in device code: the GPU has no exceptions; report the failure through an output, or stop the kernel with gpu::trap() [alloy:device-throw]
    throw i;
  return i;
}
inline int load(const int *in, int i) { return in[checked_index(i, 64)]; }

namespace kernels {
[[gpu::kernel]] void gather(const int *in, int *out) { out[0] = load(in, out[1]); }
[[gpu::kernel]] void scatter(const int *in, int *out) {
  // CHECK: two-kernels-one-bad-helper.cpp:[[@LINE+1]]:7: note: reached from kernel 'kernels::scatter' through 'checked_index'
  out[checked_index(in[0], 64)] = 1;
}
}  // namespace kernels
