// Reads through a volatile lvalue are volatile loads (ld.volatile), as
// nvcc makes them: the CUDA samples' warp reductions over a `volatile
// float *sdata` read their partners' values that way, and a spin on a
// volatile flag must read it each time. (The lvalue-to-rvalue conversion's
// type has no `volatile`; reads lost it until the conversion used the
// lvalue's type.) CUDA's atomicInc and atomicDec are one instruction.
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s < %t/volatile-loads.ptx
#include <gpu/cuda_compat.hpp>
#include <gpu/gpu.hpp>

// CHECK-LABEL: .entry _Z10tree_stepsPf(
// CHECK: ld.volatile.shared.b32
// CHECK: ld.volatile.shared.b32
// CHECK: ret;
__global__ void tree_steps(float *out) {
  extern __shared__ float sdata[];
  volatile float *v = sdata;
  unsigned tid = threadIdx.x;
  v[tid] = out[tid];
  __syncthreads();
  if (tid < 16) {
    v[tid] = v[tid] + v[tid + 16];
    v[tid] = v[tid] + v[tid + 8];
  }
  out[tid] = v[tid];
}

// The flag is read again on every iteration, and not through the
// non-coherent cache (a `volatile` parameter is neither noalias nor
// read-only).
// CHECK-LABEL: .entry _Z4spinPVKiPi(
// CHECK: [[LOOP:\$L__BB[0-9_]+]]:
// CHECK-NEXT: ld.volatile.global.b32
// CHECK: @%p{{[0-9]+}} bra {{.*}}[[LOOP]];
__global__ void spin(const volatile int *flag, int *out) {
  int n = 0;
  while (*flag == 0)
    ++n;
  out[0] = n;
}

// CHECK-LABEL: .entry _Z7ticketsPjS_(
// CHECK: atom.inc.u32
// CHECK: atom.dec.u32
__global__ void tickets(unsigned *count, unsigned *out) {
  out[threadIdx.x] = atomicInc(count, 63) + atomicDec(count + 1, 5);
}
