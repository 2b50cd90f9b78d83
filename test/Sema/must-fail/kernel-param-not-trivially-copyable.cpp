// A kernel parameter of a class with a user-provided copy constructor.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

struct Handle {
  int id;
  Handle(const Handle &o) : id(o.id + 1) {}
};

// CHECK: kernel-param-not-trivially-copyable.cpp:[[@LINE+1]]:31: error: kernel parameter 'h' of type 'Handle' cannot be passed to the GPU: it is not trivially copyable [alloy:kernel-param-type]
[[gpu::kernel]] void k(Handle h, int *out) {
  out[0] = h.id;
}
