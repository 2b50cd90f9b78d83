// `#if __CUDA_ARCH__ >= N` chooses code by GPU architecture in nvcc's
// device pass. Alloy compiles device code once, for sm_80 and newer, so
// alloy port replaces a comparison that every such GPU decides with 1 or
// 0 (the original kept in a comment); one that depends on the GPU, and
// #ifdef __CUDA_ARCH__, stay for the compiler's warning.
// RUN: alloy-port %s -o %t.cpp 2> %t.report
// RUN: FileCheck %s < %t.cpp
#include <cuda_runtime.h>

// CHECK: #if 1 /* __CUDA_ARCH__ >= 700: true on every GPU Alloy compiles for (sm_80 and newer) */
#if __CUDA_ARCH__ >= 700
__device__ int fast(int x) { return __reduce_add_sync(0xffffffff, x); }
// CHECK: #elif 0 /* __CUDA_ARCH__ < 600: false on every GPU Alloy compiles for (sm_80 and newer) */
#elif __CUDA_ARCH__ < 600
__device__ int fast(int x) { return x; }
#endif
// CHECK: #if (__CUDA_ARCH__ >= 900)
#if (__CUDA_ARCH__ >= 900)
#endif
// CHECK: #  if 1 /* (__CUDA_ARCH__ > 350) // Kepler and newer: true on every GPU Alloy compiles for (sm_80 and newer) */
#  if (__CUDA_ARCH__ > 350) // Kepler and newer
#  endif
// CHECK: #ifdef __CUDA_ARCH__
#ifdef __CUDA_ARCH__
#endif
// __CUDACC__ (nvcc defines it, host compilers do not): the CUDA branch,
// which holds the kernels, is the one to compile.
// CHECK: #if 1 /* #ifdef __CUDACC__: the CUDA branch, which alloy++ compiles */
#ifdef __CUDACC__
#define HD __host__ __device__
// CHECK: #if 0 /* #ifndef __CUDACC__: the host compilers' branch */
#ifndef __CUDACC__
#endif
// CHECK: #if 1 /* defined(__CUDACC__): the CUDA branch, which alloy++ compiles */ && !1 /* defined(__CUDACC__): the CUDA branch, which alloy++ compiles */ || defined(OTHER)
#if defined(__CUDACC__) && !defined __CUDACC__ || defined(OTHER)
#endif
#endif
