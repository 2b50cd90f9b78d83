// CUDA's __device__ (through <gpu/cuda_compat.hpp>) makes a device global
// of the variables it stands on, wherever it stands among their
// specifiers (on the line before, through a macro, on a static member),
// and nothing else: a function, a lambda, or the host variable declared
// after a __device__ function stays what it is. On a local variable it is
// a warning (CUDA rejects it there).
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
#include <gpu/cuda_compat.hpp>
#include <gpu/gpu.hpp>

__device__ int twice(int v) { return 2 * v; }
int host_after_function;
__device__ int a, b;
static __device__ float c;
__device__
int on_next_line;
#define DEVICE_VAR(name) __device__ int name
DEVICE_VAR(from_macro);
struct S {
  __device__ static int m;
};
__device__ int S::m;
extern "C" {
__device__ unsigned in_linkage_spec;
}

__global__ void k(int *out) {
  auto f = [] __device__(int v) { return v + 1; };
  out[0] = twice(a) + b + int(c) + on_next_line + from_macro + S::m +
           int(in_linkage_spec) + f(1);
  // CHECK-DAG: device-keyword.cpp:[[@LINE+1]]:12: error: the global variable 'host_after_function' cannot be used in device code
  out[1] = host_after_function;
  // CHECK-DAG: device-keyword.cpp:[[@LINE+1]]:3: warning: __device__ has no effect on a local variable (CUDA rejects it there): a device global is a variable at namespace scope or a static data member [alloy:device-keyword-local]
  __device__ int local = 3;
  // CHECK-DAG: device-keyword.cpp:[[@LINE+1]]:10: warning: __device__ has no effect on a local variable
  static __device__ int counter;
  out[2] = local + counter;
}

void host_function() {
  // CHECK-DAG: device-keyword.cpp:[[@LINE+1]]:3: warning: __device__ has no effect on a local variable
  __device__ float on_host = 1.0f;
  (void)on_host;
}
