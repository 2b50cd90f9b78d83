// std::transform with a lambda that allocates, called in the kernel.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>
#include <algorithm>
#include <array>

[[gpu::kernel]] void k(float *out) {
  std::array<float, 4> in{1, 2, 3, 4};
  std::array<float, 4> res{};
  std::transform(in.begin(), in.end(), res.begin(), [](float v) {
    // CHECK: std-algorithm-lambda-new.cpp:[[@LINE+1]]:18: error: new cannot be used in device code: Alloy has no device heap; use a local array, gpu::shared_array, or a gpu::device_buffer passed from the host [alloy:device-heap]
    float *box = new float(v);
    // CHECK: std-algorithm-lambda-new.cpp:[[@LINE-3]]:3: note: reached from kernel 'k' through 'std::transform<float *, float *, (lambda at {{.*}}std-algorithm-lambda-new.cpp:[[@LINE-3]]:53)>' -> 'k(float *)::(lambda)::operator()'
    return *box;
  });
  out[0] = res[0];
}
