// delete in the destructor of a local object of a helper.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

struct Owner {
  float *p;
  // CHECK: delete-in-destructor.cpp:[[@LINE+1]]:14: error: delete cannot be used in device code: Alloy has no device heap; use a local array, gpu::shared_array, or a gpu::device_buffer passed from the host [alloy:device-heap]
  ~Owner() { delete p; }
};

inline float read(float *p) {
  Owner o{p};
  return o.p[0];
}

[[gpu::kernel]] void k(float *out) {
  // CHECK: delete-in-destructor.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'read' -> 'Owner::~Owner'
  out[0] = read(out + 1);
}
