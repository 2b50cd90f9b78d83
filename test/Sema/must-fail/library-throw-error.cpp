// With library-throw=error, a throw in the standard library is the error it
// is in the user's own code (by default it stops the kernel:
// test/e2e/library-throw.cpp): std::optional::value()'s throw, and a call
// of libstdc++'s std::__throw_out_of_range_fmt (std::array::at).
// RUN: not %alloy_cc1 -fsyntax-only -fplugin-arg-alloy-library-throw=error %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
// Without the flag, only the user's own throw is an error:
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=DEFAULT --implicit-check-not=error: --implicit-check-not=note:
// A value the option does not take:
// RUN: not %alloy_cc1 -fsyntax-only -fplugin-arg-alloy-library-throw=ignore %s 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: error: {{.*}}library-throw=ignore: expected trap or error
#include <gpu/device.hpp>
#include <array>
#include <optional>

[[gpu::kernel]] void k(float *out, int n) {
  std::optional<float> v;
  if (n > 0)
    v = float(n);
  std::array<float, 4> a{1, 2, 3, 4};
  out[0] = v.value() + a.at(unsigned(n) % 8);
  if (n < -5)
    throw n; // the user's own: an error either way
}
// The kernel's own throw first, then the library's in the order reached.
// CHECK: library-throw-error.cpp:[[@LINE-3]]:5: error: a throw expression cannot be used in device code
// CHECK: array:{{[0-9]+}}:{{[0-9]+}}: error: a throw expression cannot be used in device code
// CHECK: library-throw-error.cpp:[[@LINE-7]]:26: note: reached from kernel 'k' through 'std::array<float, 4>::at'
// CHECK: optional:{{[0-9]+}}:{{[0-9]+}}: error: a throw expression cannot be used in device code
// CHECK: note: expanded from macro '_GLIBCXX_THROW_OR_ABORT'
// CHECK: library-throw-error.cpp:[[@LINE-10]]:14: note: reached from kernel 'k' through 'std::optional<float>::value' -> 'std::__throw_bad_optional_access'
// DEFAULT: library-throw-error.cpp:[[@LINE-9]]:5: error: a throw expression cannot be used in device code
