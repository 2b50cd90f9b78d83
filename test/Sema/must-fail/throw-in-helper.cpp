// A throw two calls below the kernel: one error at the throw, then the call
// chain, located at the kernel's call site.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

namespace detail {
inline float check_positive(float v) {
  if (v < 0)
    // CHECK: throw-in-helper.cpp:[[@LINE+1]]:5: error: a throw expression cannot be used in device code: the GPU has no exceptions; report the failure through an output, or stop the kernel with gpu::trap() [alloy:device-throw]
    throw v;
  return v;
}
inline float scaled(float v) { return check_positive(v) * 2; }
}  // namespace detail

namespace kernels {
[[gpu::kernel]] void scale(float *out) {
  // CHECK: throw-in-helper.cpp:[[@LINE+1]]:12: note: reached from kernel 'kernels::scale' through 'detail::scaled' -> 'detail::check_positive'
  out[0] = detail::scaled(out[1]);
}
}  // namespace kernels
