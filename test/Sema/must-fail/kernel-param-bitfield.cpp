// A kernel parameter of a struct with a bit-field, nested in another struct.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

struct Flags {
  unsigned ready : 1;
  unsigned count : 7;
};
struct Job {
  int id;
  Flags flags;
};

// CHECK: kernel-param-bitfield.cpp:[[@LINE+1]]:28: error: kernel parameter 'job' of type 'Job' cannot be passed to the GPU: bit-fields are not supported yet [alloy:kernel-param-type]
[[gpu::kernel]] void k(Job job, int *out) {
  out[0] = job.id;
}
