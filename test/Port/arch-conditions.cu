// `#if __CUDA_ARCH__ >= N` chooses code by GPU architecture in nvcc's
// device pass. Alloy compiles device code once, for sm_80 and newer, so
// alloy port replaces a comparison that every such GPU decides with 1 or
// 0 (the original kept in a comment); one that depends on the GPU, and
// #ifdef __CUDA_ARCH__, stay for the compiler's warning. Below: __CUDACC__
// tests and the CUDA keywords the porting layer cannot define.
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
// CUDA's `static __shared__` (a shared variable is one per block anyway).
// CHECK: __device__ float first_of_block(float v) {
// CHECK-NEXT: __shared__ float s[32];
__device__ float first_of_block(float v) {
  static __shared__ float s[32];
  s[threadIdx.x % 32] = v;
  return s[0];
}
// CUDA's __noinline__ (the porting layer cannot define it) and
// __grid_constant__ (Alloy passes a const kernel parameter in place).
// CHECK: __device__ __attribute__((noinline)) float twice(float v) { return 2 * v; }
__device__ __noinline__ float twice(float v) { return 2 * v; }
struct Params { float scale; };
// CHECK: __global__ void scaled(const Params p, float *out) { out[0] = twice(p.scale); }
__global__ void scaled(const __grid_constant__ Params p, float *out) { out[0] = twice(p.scale); }
