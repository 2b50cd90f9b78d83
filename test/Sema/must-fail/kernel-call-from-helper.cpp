// A helper of one kernel calls another kernel.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

[[gpu::kernel]] void fill(float *out) { out[0] = 1; }

inline void prepare_output(float *out) {
  // CHECK: kernel-call-from-helper.cpp:[[@LINE+1]]:3: error: the kernel 'fill' cannot be called from device code: kernels are launched from the host with gpu::launch [alloy:device-kernel-call]
  fill(out);
}

namespace kernels {
[[gpu::kernel]] void process(float *out) {
  // CHECK: kernel-call-from-helper.cpp:[[@LINE+1]]:3: note: reached from kernel 'kernels::process' through 'prepare_output'
  prepare_output(out);
}
}  // namespace kernels
