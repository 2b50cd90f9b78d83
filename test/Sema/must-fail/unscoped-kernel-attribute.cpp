// [[kernel]] without the gpu:: scope.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

// CHECK: unscoped-kernel-attribute.cpp:[[@LINE+1]]:3: error: unknown attribute 'kernel'; Alloy's is spelled {{\[\[}}gpu::kernel{{\]\]}} [alloy:attr-unscoped]
[[kernel]] void k(float *out) { out[0] = 1; }
