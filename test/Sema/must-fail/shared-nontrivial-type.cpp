// A [[gpu::shared]] variable of a class with a user-provided destructor.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

struct Histogram {
  unsigned bins[16];
  ~Histogram() {}
};

template <int N> unsigned bin_count(unsigned v) {
  // CHECK: shared-nontrivial-type.cpp:[[@LINE+1]]:29: error: a {{\[\[}}gpu::shared{{\]\]}} variable of type 'Histogram' cannot be declared: shared memory holds only types with a trivial default constructor and destructor [alloy:device-shared-type]
  [[gpu::shared]] Histogram h;
  gpu::atomic_add(&h.bins[v % N], 1u);
  return h.bins[0];
}

[[gpu::kernel]] void k(const unsigned *in, unsigned *out) {
  // CHECK: shared-nontrivial-type.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'bin_count<16>'
  out[0] = bin_count<16>(in[0]);
}
