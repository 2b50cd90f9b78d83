// A default member initializer allocates; it runs in the implicit
// constructor of an object a helper creates.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

struct Cache {
  // CHECK: member-initializer-new.cpp:[[@LINE+1]]:16: error: new cannot be used in device code: Alloy has no device heap; use a local array, gpu::shared_array, or a gpu::device_buffer passed from the host [alloy:device-heap]
  int *slots = new int[8];
  int hits = 0;
};

inline int lookup(int key) {
  Cache c;
  return c.slots[key & 7];
}

[[gpu::kernel]] void k(int *out) {
  // CHECK: member-initializer-new.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'lookup' -> 'Cache::Cache'
  out[0] = lookup(out[1]);
}
