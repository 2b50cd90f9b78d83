// fopen in the kernel itself: no call-chain note.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>
#include <cstdio>

[[gpu::kernel]] void k(int *out) {
  // CHECK: fopen-in-kernel.cpp:[[@LINE+1]]:13: error: 'fopen' is a host library function, which cannot run on the GPU [alloy:device-host-library]
  FILE *f = fopen("/tmp/log", "w");
  out[0] = f != nullptr;
}
