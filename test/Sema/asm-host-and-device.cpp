// asm statements are checked once the kernels' call graph is known: PTX's
// rules in device code (clang's own x86 checks, which reject =f and h, are
// off while it parses), the host's rules in host code, with clang's
// message. Host asm that x86 takes still compiles.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not='PLEASE submit'
#include <gpu/device.hpp>

inline float device_side(float x, unsigned short h) {
  float r;
  asm("add.f32 %0, %1, %1;" : "=f"(r) : "f"(x)); // PTX: fine
  asm("add.u16 %0, %0, %0;" : "+h"(h));          // PTX: fine
  return r + h;
}

[[gpu::kernel]] void k(float *out) {
  out[0] = device_side(out[1], 2);
  int x;
  // CHECK: asm-host-and-device.cpp:[[@LINE+1]]:31: error: output constraint '=q' is not one PTX asm takes in device code (outputs: =h =r =l =f =d, or + for an operand that is also read; inputs: h r l f d n, or an output's number) [alloy:device-asm-constraint]
  asm("mov.u32 %0, 1;" : "=q"(x));
  // CHECK: asm-host-and-device.cpp:[[@LINE+1]]:3: error: clobber 'rax' is not supported in PTX asm (only "memory" is) [alloy:device-asm-clobber]
  asm volatile("trap;" ::: "memory", "rax");
  out[2] = float(x);
}

int host_ok(int v) {
  asm("incl %0" : "+r"(v)); // x86, valid: no error
  return v;
}

float host_bad(float v) {
  // CHECK: asm-host-and-device.cpp:[[@LINE+1]]:18: error: invalid output constraint '=f' in asm (this is host code, compiled for the host's processor) [alloy:host-asm-constraint]
  asm("fld %0" : "=f"(v));
  return v;
}
