// A conditional on CUDA's __CUDACC__ in the file being compiled warns: Alloy
// does not define it, so the branch for host compilers is taken and kernels
// in the other branch would vanish without a word. Library headers that
// test it are quiet; defining it on the command line silences the warning.
// RUN: %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %alloy_cc1 -fsyntax-only -D__CUDACC__ %s 2>&1 | FileCheck %s --check-prefix=DEFINED --allow-empty
// DEFINED-NOT: warning:
#include <gpu/gpu.hpp>
#include "Inputs/tests-cudacc.h"

// CHECK: cuda-cc.cpp:[[@LINE+1]]:2: warning: __CUDACC__ is not defined: Alloy is not a CUDA compiler, so this condition takes the branch meant for host compilers, and kernels or launches in the other branch are not compiled; 'alloy port' turns such tests into the CUDA branch [alloy:cuda-cc]
#ifdef __CUDACC__
int a;
#endif
// CHECK: cuda-cc.cpp:[[@LINE+1]]:2: warning: __CUDACC__ is not defined
#ifndef __CUDACC__
int b;
#endif
// CHECK: cuda-cc.cpp:[[@LINE+1]]:2: warning: __CUDACC__ is not defined
#if defined(__CUDACC__) && !defined(NDEBUG)
int c;
#endif
