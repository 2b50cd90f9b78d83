// std::for_each calls a user lambda that throws: the chain goes through the
// standard library's template.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>
#include <algorithm>
#include <array>

inline void validate(std::array<float, 4> &values) {
  std::for_each(values.begin(), values.end(), [](float &v) {
    if (v < 0)
      // CHECK: std-algorithm-lambda-throw.cpp:[[@LINE+1]]:7: error: a throw expression cannot be used in device code: the GPU has no exceptions; report the failure through an output, or stop the kernel with gpu::trap() [alloy:device-throw]
      throw v;
  });
}

[[gpu::kernel]] void k(float *out) {
  std::array<float, 4> a{out[0], out[1], out[2], out[3]};
  // CHECK: std-algorithm-lambda-throw.cpp:[[@LINE+1]]:3: note: reached from kernel 'k' through 'validate' -> 'std::for_each<float *, (lambda at {{.*}}std-algorithm-lambda-throw.cpp:[[@LINE-9]]:47)>' -> 'validate(std::array<float, 4> &)::(lambda)::operator()'
  validate(a);
}
