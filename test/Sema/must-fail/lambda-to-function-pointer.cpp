// A lambda converted to a function pointer is reported where it is
// converted, not inside the conversion clang writes for it.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

[[gpu::kernel]] void k(int *o) {
  // CHECK: lambda-to-function-pointer.cpp:[[@LINE+1]]:19: error: a function pointer cannot be used in device code: Alloy has no function pointers on the GPU; call the function directly, or pass a lambda or function object [alloy:device-function-pointer]
  int (*f)(int) = [](int x) { return x + 1; };
  o[0] = 1;
  (void)f;
}
