// Where [[gpu::device]] and [[gpu::constant]] (CUDA's __device__ and
// __constant__) may stand: variables at namespace scope and static data
// members. __device__ on a function means nothing and is silent; Alloy's
// own spelling there is a warning.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not='Stack dump'
#include <gpu/cuda_compat.hpp>
#include <gpu/gpu.hpp>

[[gpu::device]] int fine;
[[gpu::constant]] float table[4];
__device__ int cuda_fine;
__constant__ float cuda_table[4];
__device__ __constant__ int both;
struct S {
  [[gpu::device]] static int member;
};
[[gpu::device]] int S::member = 1;

__device__ int cuda_function() { return 1; }
__host__ __device__ __forceinline__ int cuda_both() { return 2; }

// CHECK: device-global-attributes.cpp:[[@LINE+1]]:3: warning: the gpu::device attribute has no effect on a function: every function a kernel calls is compiled for the GPU [alloy:attr-device-function]
[[gpu::device]] int alloy_function() { return 3; }

// CHECK: device-global-attributes.cpp:[[@LINE+1]]:3: error: the gpu::constant attribute applies to variables only (CUDA's __constant__) [alloy:attr-constant-function]
[[gpu::constant]] int constant_function() { return 4; }

// CHECK: device-global-attributes.cpp:[[@LINE+1]]:3: error: 'gpu::device' attribute takes no arguments
[[gpu::device(1)]] int with_argument;

// CHECK: device-global-attributes.cpp:[[@LINE+1]]:3: error: unknown attribute 'constant'; Alloy's is spelled {{.*}}gpu::constant{{.*}} [alloy:attr-unscoped]
[[constant]] int unscoped;

struct T {
  // CHECK: device-global-attributes.cpp:[[@LINE+1]]:5: error: the gpu::device attribute applies to a variable at namespace scope or a static data member (a device global); for a variable per block use gpu::shared [alloy:attr-device-global-placement]
  [[gpu::device]] int field;
};

[[gpu::kernel]] void k(int *out) {
  // CHECK: device-global-attributes.cpp:[[@LINE+1]]:5: error: the gpu::device attribute applies to a variable at namespace scope
  [[gpu::device]] int local = 1;
  // CHECK: device-global-attributes.cpp:[[@LINE+1]]:5: error: the gpu::constant attribute applies to a variable at namespace scope
  [[gpu::constant]] static int static_local = 2;
  out[0] = local + static_local + fine + int(table[0]) + cuda_fine + both +
           S::member + cuda_function() + cuda_both() + alloy_function();
}
