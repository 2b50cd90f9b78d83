// Two kernel template instantiations reach the same bad member function: one
// error, attributed to the first instantiation.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>
#include <cstdio>

struct Reporter {
  void show(double v) const {
    // CHECK: two-kernels-one-bad-template.cpp:[[@LINE+1]]:5: error: 'puts' is a host library function, which cannot run on the GPU; use gpu::printf [alloy:device-host-library]
    std::puts(v > 0 ? "positive" : "not");
  }
};

namespace kernels {
template <class T> [[gpu::kernel]] void show(const T *in, Reporter r) {
  // CHECK: two-kernels-one-bad-template.cpp:[[@LINE+1]]:5: note: reached from kernel 'kernels::show<float>' through 'Reporter::show'
  r.show(in[0]);
}
template void show<float>(const float *, Reporter);
template void show<double>(const double *, Reporter);
}  // namespace kernels
