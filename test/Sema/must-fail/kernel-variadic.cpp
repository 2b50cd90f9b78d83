// A C variadic kernel.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

// CHECK: kernel-variadic.cpp:[[@LINE+1]]:3: error: a gpu::kernel cannot be variadic [alloy:kernel-variadic]
[[gpu::kernel]] void k(int *out, ...) { out[0] = 1; }
