// A bit-field of a packed struct, read in a helper.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

struct __attribute__((packed)) Header {
  unsigned char tag;
  unsigned kind : 5;
  unsigned size : 11;
};

inline unsigned kind_of(const Header *h) {
  // CHECK: packed-bitfield-in-helper.cpp:[[@LINE+1]]:13: error: the bit-field 'kind' of a packed class cannot be used in device code [alloy:device-packed-bitfield]
  return h->kind;
}

[[gpu::kernel]] void k(const Header *in, unsigned *out) {
  // CHECK: packed-bitfield-in-helper.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'kind_of'
  out[0] = kind_of(in);
}
