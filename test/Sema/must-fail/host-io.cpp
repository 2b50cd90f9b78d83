// Host input and output: one error per use, with the alternative; the
// operator<< behind it is not reported as well.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>
#include <cstdio>
#include <iostream>

[[gpu::kernel]] void k(float *o) {
  // CHECK: host-io.cpp:[[@LINE+1]]:3: error: 'cout' is host input and output, which the GPU does not have; use gpu::printf [alloy:device-host-io]
  std::cout << o[0];
  // CHECK: host-io.cpp:[[@LINE+1]]:3: error: 'puts' is a host library function, which cannot run on the GPU; use gpu::printf [alloy:device-host-library]
  puts("x");
  // CHECK: host-io.cpp:[[@LINE+1]]:3: error: 'fprintf' is a host library function, which cannot run on the GPU; use gpu::printf [alloy:device-host-library]
  fprintf(stderr, "y");
}
