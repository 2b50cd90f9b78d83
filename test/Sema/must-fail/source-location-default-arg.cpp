// std::source_location's value points to host data: one error at the
// default argument (this once reached the lowering and crashed).
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>
#include <source_location>

// CHECK: source-location-default-arg.cpp:[[@LINE+1]]:42: error: this constant of type 'source_location' cannot be used in device code: its value points to host data, which the GPU cannot reach [alloy:device-constant-value-no-bytes]
inline int line(std::source_location l = std::source_location::current()) {
  return int(l.line());
}
[[gpu::kernel]] void k(int *out) { out[0] = line(); }
