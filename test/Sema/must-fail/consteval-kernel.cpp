// A kernel runs on the GPU: it cannot be consteval.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

// CHECK: consteval-kernel.cpp:[[@LINE+1]]:3: error: a gpu::kernel cannot be consteval: it runs on the GPU, launched from the host [alloy:kernel-consteval]
[[gpu::kernel]] consteval void kc(int) {}
