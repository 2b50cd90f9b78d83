// A conditional on CUDA's __CUDA_ARCH__, which Alloy's single pass cannot
// define for the device code alone, is a warning (not a silently dropped
// device branch); defining it on the command line silences it.
// RUN: %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %alloy_cc1 -fsyntax-only -D__CUDA_ARCH__=800 %s 2>&1 | FileCheck %s --check-prefix=DEFINED --allow-empty
// DEFINED-NOT: warning:
#include <gpu/gpu.hpp>

// CHECK: cuda-arch.cpp:[[@LINE+1]]:2: warning: __CUDA_ARCH__ is not defined: Alloy compiles host and device code in one pass, so this condition takes its host branch in kernels too; define __CUDA_ARCH__ (e.g. -D__CUDA_ARCH__=800) to compile its device branch everywhere [alloy:cuda-arch]
#if __CUDA_ARCH__ >= 800
int a = 1;
// CHECK: cuda-arch.cpp:[[@LINE+1]]:2: warning: __CUDA_ARCH__ is not defined
#elif defined(__CUDA_ARCH__)
int a = 2;
#endif
// CHECK: cuda-arch.cpp:[[@LINE+1]]:2: warning: __CUDA_ARCH__ is not defined
#ifdef __CUDA_ARCH__
int b;
#endif
// CHECK: cuda-arch.cpp:[[@LINE+1]]:2: warning: __CUDA_ARCH__ is not defined
#ifndef __CUDA_ARCH__
int c;
#endif
#if defined(SOMETHING_ELSE)
#endif
