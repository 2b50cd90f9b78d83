// A function name converted to a pointer (no &) in a member function.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

inline int negate(int x) { return -x; }

struct Table {
  int (*op)(int);
  void init() {
    // CHECK: function-pointer-decay.cpp:[[@LINE+1]]:10: error: a function pointer cannot be used in device code: Alloy has no function pointers on the GPU; call the function directly, or pass a lambda or function object [alloy:device-function-pointer]
    op = negate;
  }
};

[[gpu::kernel]] void k(Table *t) {
  // CHECK: function-pointer-decay.cpp:[[@LINE+1]]:6: note: reached from kernel 'k' through 'Table::init'
  t->init();
}
