// A gpu::tensor_map kernel parameter is taken by value and const (CUDA's
// `const __grid_constant__ CUtensorMap`): the kernel reads it in place in
// its parameter space. Not const, by reference, or inside another
// parameter's type is an error naming the fix. (An array parameter is a
// pointer: tensor maps in global memory, which TMA may also read.)
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/gpu.hpp>
#include <gpu/tma.hpp>

struct maps {
  gpu::tensor_map<float, 2> a;
  int n;
};

// CHECK: kernel-param-tensor-map.cpp:[[@LINE+1]]:58: error: kernel parameter 'map' of type 'gpu::tensor_map<float, 2>' cannot be passed to the GPU: declare a gpu::tensor_map parameter const, as 'const gpu::tensor_map<T, N> map' (the kernel reads it in place, in its parameter space: CUDA's const __grid_constant__)
[[gpu::kernel]] void not_const(gpu::tensor_map<float, 2> map) {}

// CHECK: kernel-param-tensor-map.cpp:[[@LINE+1]]:68: error: kernel parameter 'map' of type 'const gpu::tensor_map<float, 2> &' cannot be passed to the GPU: take a gpu::tensor_map by value, as 'const gpu::tensor_map<T, N> map' (it is passed in the kernel's parameter space, CUDA's const __grid_constant__)
[[gpu::kernel]] void by_reference(const gpu::tensor_map<float, 2> &map) {}

// CHECK: kernel-param-tensor-map.cpp:[[@LINE+1]]:37: error: kernel parameter 'm' of type 'maps' cannot be passed to the GPU: it holds a gpu::tensor_map, which must be a kernel parameter of its own (TMA reads it in place, in the kernel's parameter space)
[[gpu::kernel]] void in_struct(maps m) {}

[[gpu::kernel]] void accepted(const gpu::tensor_map<float, 2> map) {}
