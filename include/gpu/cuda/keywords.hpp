// CUDA's function and variable keywords as spellings of Alloy's attributes
// (part of <gpu/cuda_compat.hpp>). Each expands to a GNU attribute, which,
// like CUDA's keyword, may stand anywhere among a declaration's
// specifiers (`static __device__ __forceinline__ int f()`).
//
//   __global__           [[gpu::kernel]]
//   __launch_bounds__(N[, M])  [[gpu::launch_bounds(N[, M])]]
//   __shared__           [[gpu::shared]] (a local of a kernel or device
//                        function); `extern __shared__ T name[];` (in a
//                        function or at namespace scope) is the launch's
//                        dynamic shared memory, gpu::dynamic_shared<T>()
//   __device__           on a variable: [[gpu::device]], a device global;
//                        on a function: nothing (Alloy compiles for the
//                        GPU whatever a kernel reaches)
//   __constant__         [[gpu::constant]], a device global in constant
//                        memory (cudaMemcpyToSymbol: gpu::copy_to_symbol)
//   __host__             nothing: everything is compiled for the host
//   __forceinline__      inline, always_inline
//   __restrict__         __restrict (honoured on kernel pointer parameters)
//   __align__(n)         __attribute__((aligned(n)))
// Not provided: __managed__, __grid_constant__ (gpu::tensor_map is one already),
// __noinline__ (libstdc++ spells GNU's attribute so: use [[gnu::noinline]]).
#ifndef GPU_CUDA_KEYWORDS_HPP
#define GPU_CUDA_KEYWORDS_HPP

// The Alloy plugin predefines CUDA's names as macros that report them
// (compiler/Sema/CudaSyntax.cpp); the porting layer defines its own.
#undef __global__
#undef __device__
#undef __constant__
#undef __host__
#undef __shared__
#undef __forceinline__
#undef __syncthreads
#undef __syncwarp
#undef __shfl_sync
#undef __shfl_up_sync
#undef __shfl_down_sync
#undef __shfl_xor_sync
#undef __ballot_sync
#undef __any_sync
#undef __all_sync
#undef __threadfence

#define __global__ __attribute__((alloy_kernel))
#define __launch_bounds__(...) __attribute__((alloy_launch_bounds(__VA_ARGS__)))
#define __shared__ __attribute__((alloy_shared))
// __device__ stands on lambdas too, where C++ admits no GNU attribute: the
// plugin finds the variables it stands on (compiler/Sema/DeviceKeyword.h).
#if __has_attribute(alloy_device)
#define __device__ _Pragma("alloy device_keyword")
#else
#define __device__
#endif
#define __constant__ __attribute__((alloy_constant))
#define __host__
#define __forceinline__ inline __attribute__((always_inline))
// struct __align__(16) float4_t {...}: the type's alignment.
#define __align__(n) __attribute__((aligned(n)))
#define __restrict__ __restrict

#endif // GPU_CUDA_KEYWORDS_HPP
