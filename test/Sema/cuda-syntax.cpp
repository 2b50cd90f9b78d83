// CUDA syntax left in an Alloy file (no <gpu/cuda_compat.hpp>) is an error
// that names the Alloy spelling, at the CUDA name, one per use; the rest of
// the file still parses (no cascade of clang's generic errors).
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error:
#include <gpu/gpu.hpp>

// CHECK: cuda-syntax.cpp:[[@LINE+1]]:1: error: __global__ is CUDA's, not C++: include <gpu/cuda_compat.hpp> for CUDA's names, or write {{\[\[}}gpu::kernel]] [alloy:cuda-name]
__global__ void scale(float *x, int n) {
  // CHECK: cuda-syntax.cpp:[[@LINE+1]]:3: error: __shared__ is CUDA's, {{.*}}, or write {{\[\[}}gpu::shared]]
  __shared__ float tile[64];
  // CUDA's ordinary names (a program may declare its own) are reported
  // where lookup finds nothing, then clang's error follows.
  // CHECK: cuda-syntax.cpp:[[@LINE+2]]:11: error: blockIdx is CUDA's, {{.*}}, or write gpu::block_idx()
  // CHECK: cuda-syntax.cpp:[[@LINE+1]]:11: error: use of undeclared identifier 'blockIdx'
  int i = blockIdx.x;
  tile[i % 64] = x[i];
  // CHECK: cuda-syntax.cpp:[[@LINE+1]]:3: error: __syncthreads is CUDA's, {{.*}}, or write gpu::sync_threads()
  __syncthreads();
  // CHECK: cuda-syntax.cpp:[[@LINE+3]]:5: error: atomicAdd is CUDA's, {{.*}}, or write gpu::atomic_add(p, v)
  // CHECK: cuda-syntax.cpp:[[@LINE+2]]:5: error: use of undeclared identifier 'atomicAdd'
  if (i < n)
    atomicAdd(x + i, tile[i % 64]);
  // CHECK: cuda-syntax.cpp:[[@LINE+1]]:11: error: __shfl_down_sync is CUDA's, {{.*}}, or write gpu::warp::shfl_down(value, delta, mask)
  x[0] += __shfl_down_sync(0xffffffff, x[1], 1);
}

// CHECK: cuda-syntax.cpp:[[@LINE+1]]:1: error: __device__ is CUDA's
__device__ __forceinline__ float twice(float v) { return 2 * v; }
// (__forceinline__ on the same line: its own error.)
// CHECK: cuda-syntax.cpp:[[@LINE-2]]:12: error: __forceinline__ is CUDA's

// CHECK: cuda-syntax.cpp:[[@LINE+1]]:1: error: __constant__ is CUDA's, {{.*}}, or write {{\[\[}}gpu::constant]]
__constant__ float weights[4];
void set_weights(const float *w) {
  // CHECK: cuda-syntax.cpp:[[@LINE+2]]:3: error: cudaMemcpyToSymbol is CUDA's, {{.*}}, or write gpu::copy_to_symbol(stream, symbol, src, bytes[, offset])
  // CHECK: cuda-syntax.cpp:[[@LINE+1]]:3: error: use of undeclared identifier 'cudaMemcpyToSymbol'
  cudaMemcpyToSymbol(weights, w, sizeof weights);
}

// A program's own threadIdx is its own: no error.
void own_names() {
  const gpu::dim3 threadIdx = gpu::thread_idx(), blockDim = gpu::block_dim();
  (void)(threadIdx.x + blockDim.x);
}

void host(float *x) {
  // The launch's own parse errors, then Alloy's, at the `<<<`.
  // CHECK: cuda-syntax.cpp:[[@LINE+4]]:{{.*}}: error: expected expression
  // CHECK: cuda-syntax.cpp:[[@LINE+3]]:{{.*}}: error: expected expression
  // CHECK: cuda-syntax.cpp:[[@LINE+2]]:8: error: CUDA's kernel<<<grid, block>>>(args...) launch is not C++: write gpu::launch_unchecked<kernel>(stream, gpu::launch_config_1d{grid, block}, args...), or gpu::prepare<kernel>(ctx, config) and gpu::launch(stream, prepared, args...) for a checked launch [alloy:cuda-launch]
  // (one more parse error's warning is not checked)
  scale<<<4, 64>>>(x, 256);
}
