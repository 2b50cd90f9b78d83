// A bit-field wider than its type (clang truncates it), read in a helper.
// RUN: not %alloy_cc1 -fsyntax-only -Wno-bitfield-width %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

struct Packet {
  int payload : 40;
};

inline int payload_of(const Packet *p) {
  // CHECK: bitfield-wider-than-type.cpp:[[@LINE+1]]:13: error: the bit-field 'payload' cannot be used in device code: it is wider than its type [alloy:device-bitfield-layout]
  return p->payload;
}

[[gpu::kernel]] void k(const Packet *in, int *out) {
  // CHECK: bitfield-wider-than-type.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'payload_of'
  out[0] = payload_of(in);
}
