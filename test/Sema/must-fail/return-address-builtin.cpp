// __builtin_return_address, another builtin the GPU cannot run.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

struct Tracer {
  const void *caller;
  // CHECK: return-address-builtin.cpp:[[@LINE+1]]:21: error: the builtin '__builtin_return_address' cannot be used in device code [alloy:device-builtin]
  Tracer() : caller(__builtin_return_address(0)) {}
};

[[gpu::kernel]] void k(int *out) {
  // CHECK: return-address-builtin.cpp:[[@LINE+1]]:10: note: reached from kernel 'k' through 'Tracer::Tracer'
  Tracer t;
  out[0] = t.caller != nullptr;
}
