// Template recursion whose base case allocates: the chain lists every level.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

template <int N> struct Unroll {
  static float sum(const float *p) { return p[N - 1] + Unroll<N - 1>::sum(p); }
};
template <> struct Unroll<0> {
  static float sum(const float *) {
    // CHECK: recursive-template-bad-leaf.cpp:[[@LINE+1]]:13: error: new cannot be used in device code: Alloy has no device heap; use a local array, gpu::shared_array, or a gpu::device_buffer passed from the host [alloy:device-heap]
    return *new float(0);
  }
};

[[gpu::kernel]] void k(const float *in, float *out) {
  // CHECK: recursive-template-bad-leaf.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'Unroll<3>::sum' -> 'Unroll<2>::sum' -> 'Unroll<1>::sum' -> 'Unroll<0>::sum'
  out[0] = Unroll<3>::sum(in);
}
