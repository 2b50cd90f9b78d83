// A scope guard whose destructor calls a host library function (puts;
// printf would be gpu::printf), declared in the kernel.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>
#include <cstdio>

struct Trace {
  int id;
  // CHECK: destructor-printf.cpp:[[@LINE+1]]:14: error: 'puts' is a host library function, which cannot run on the GPU; use gpu::printf [alloy:device-host-library]
  ~Trace() { std::puts(id ? "leave" : "leave 0"); }
};

[[gpu::kernel]] void k(int *out) {
  // CHECK: destructor-printf.cpp:[[@LINE+1]]:9: note: reached from kernel 'k' through 'Trace::~Trace'
  Trace t{out[0]};
  out[1] = t.id;
}
