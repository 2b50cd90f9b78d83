// std::visit of two variants goes through libstdc++'s table of function
// pointers: one error that says so and how to write it (not an error about
// a constant holding pointers and another about an indirect call).
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>
#include <variant>

// CHECK: variant:{{[0-9]+}}:{{[0-9]+}}: error: std::visit of several variants, or of one with more than 11 alternatives, calls through a table of function pointers, which Alloy cannot run on the GPU: visit one variant at a time (nest the visits), or switch on index() with std::get_if [alloy:device-std-visit-table]
[[gpu::kernel]] void k(int *out) {
  std::variant<int, float> a = out[0], b = 2.0f;
  // CHECK: std-visit-two-variants.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'std::visit<
  out[1] = std::visit([](auto x, auto y) { return int(x + y); }, a, b);
}

// Nested visits of one variant each compile.
[[gpu::kernel]] void nested(int *out) {
  std::variant<int, float> a = out[0], b = 2.0f;
  out[1] = std::visit(
      [&](auto x) {
        return std::visit([&](auto y) { return int(x + y); }, b);
      },
      a);
}
