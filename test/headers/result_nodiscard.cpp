// RUN: %clangxx -fsyntax-only -Wno-unknown-attributes -Xclang -verify %s
// A gpu::result must not be dropped silently.
#include <gpu/gpu.hpp>

void run(gpu::stream &s) {
  gpu::device_count(); // expected-warning {{ignoring return value}}
  s.synchronize(); // expected-warning {{ignoring return value}}
  (void)gpu::device_count();
}
