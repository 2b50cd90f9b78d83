// A constexpr table of string pointers read in a helper: pointers cannot be
// placed in GPU constant memory.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

constexpr const char *kNames[] = {"add", "sub", "mul"};

inline char initial(int op) {
  // CHECK: constant-table-of-pointers.cpp:[[@LINE+1]]:10: error: the constant 'kNames' cannot be used in device code: its value holds pointers or bit-fields, which Alloy cannot place in GPU memory [alloy:device-constant-no-bytes]
  return kNames[op % 3][0];
}

[[gpu::kernel]] void k(char *out) {
  // CHECK: constant-table-of-pointers.cpp:[[@LINE+1]]:12: note: reached from kernel 'k' through 'initial'
  out[0] = initial(out[1]);
}
