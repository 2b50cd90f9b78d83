// Reading a member of a virtual base class in a helper.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

struct Counter {
  int count;
};
struct Tracked : virtual Counter {
  int id;
};

inline int count_of(const Tracked *t) {
  // CHECK: virtual-base-member-access.cpp:[[@LINE+1]]:10: error: the virtual base class 'Counter' cannot be used in device code [alloy:device-virtual-base]
  return t->count;
}

[[gpu::kernel]] void k(const Tracked *in, int *out) {
  // CHECK: virtual-base-member-access.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'count_of'
  out[0] = count_of(in);
}
