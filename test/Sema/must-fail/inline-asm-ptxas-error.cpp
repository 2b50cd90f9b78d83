// An error that ptxas finds in the text of a PTX asm statement is reported
// at the statement, with ptxas's message.
// REQUIRES: ptxas
// RUN: not %alloy_cc1 -c -o /dev/null -fplugin-arg-alloy-gpu-arch=sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

[[gpu::kernel]] void k(float *out) {
  float d;
  // CHECK: inline-asm-ptxas-error.cpp:[[@LINE+2]]:3: error: ptxas rejected this PTX asm: {{.*}}
  // CHECK: Not a name of any known instruction: 'ad'
  asm volatile("ad.f32 %0, %1, %1;" : "=f"(d) : "f"(out[0]));
  out[1] = d;
}
