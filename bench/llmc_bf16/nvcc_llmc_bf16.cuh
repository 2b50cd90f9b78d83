// The CUDA side of the llmc_bf16 benchmarks: what llm.c's train_gpt2.cu
// builds its bf16 kernels from (llmc/cuda_common.h and llmc/cuda_utils.cuh:
// floatX, Packed128, load128/load128cs/store128/store128cs, warpReduceSum,
// CEIL_DIV), and the host side both programs share.
// llm.c: https://github.com/karpathy/llm.c (MIT License, (c) 2024 Andrej
// Karpathy).
#ifndef BENCH_LLMC_BF16_NVCC_LLMC_BF16_CUH
#define BENCH_LLMC_BF16_NVCC_LLMC_BF16_CUH

#include "cuda_bench.hpp"
#include "nvcc_llmc_bf16_host.cuh"

#include <cuda_bf16.h>

#include <cstring>

// From llmc/cuda_common.h: bf16 is train_gpt2.cu's default precision.
typedef __nv_bfloat16 floatX;
#define WARP_SIZE 32U
#define CEIL_DIV(M, N) (((M) + (N)-1) / (N))

// From llmc/cuda_utils.cuh: the parts used here.

// Packed128 data structure that forces the compiler to use 128-bit
// loads/stores in GPUs that support (the LDG.128 and STS.128 instructions)
// This is a bit similar to the use of float4 in the case of 32-bit floats,
// but supports arbitrary precision.
template <class ElementType> struct alignas(16) Packed128 {
  Packed128() = default;
  __device__ explicit Packed128(int4 bits) {
    static_assert(sizeof(bits) == sizeof(payload), "Size mismatch.");
    memcpy(&payload, &bits, sizeof(bits));
  }
  __device__ ElementType &operator[](int index) { return payload[index]; }
  __device__ const ElementType &operator[](int index) const {
    return payload[index];
  }
  __device__ int4 get_bits() const {
    int4 bits;
    static_assert(sizeof(bits) == sizeof(payload), "Size mismatch.");
    memcpy(&bits, &payload, sizeof(bits));
    return bits;
  }
  static constexpr const size_t size = sizeof(int4) / sizeof(ElementType);
  ElementType payload[size];
};

// load a Packed128 from an aligned memory address
template <class ElementType>
__device__ Packed128<ElementType> load128(const ElementType *address) {
  return Packed128<ElementType>{*reinterpret_cast<const int4 *>(address)};
}
// load a Packed128 from an aligned memory address with streaming cache hint
template <class ElementType>
__device__ Packed128<ElementType> load128cs(const ElementType *address) {
  return Packed128<ElementType>{
      __ldcs(reinterpret_cast<const int4 *>(address))};
}
// store a Packed128 to an aligned memory address
template <class ElementType>
__device__ void store128(ElementType *target, Packed128<ElementType> value) {
  *reinterpret_cast<int4 *>(target) = value.get_bits();
}
// store a Packed128 to an aligned memory address with streaming cache hint
template <class ElementType>
__device__ void store128cs(ElementType *target, Packed128<ElementType> value) {
  __stcs(reinterpret_cast<int4 *>(target), value.get_bits());
}

// short-form typedefs
typedef Packed128<float> f128;
typedef Packed128<floatX> x128;

// warp-level reduction for summing values
__device__ inline float warpReduceSum(float val) {
  for (int offset = 16; offset > 0; offset /= 2) {
    val += __shfl_xor_sync(0xFFFFFFFF, val, offset);
  }
  return val;
}

namespace llmc_bf16 {
// A device copy of bf16 bits, and an output of n bf16 values poisoned with
// NaN (all bits set), so that an element the kernel never writes fails the
// check.
inline void upload(bench::cuda_buffer<floatX> &dst,
                   const std::vector<uint16_t> &bits) {
  CUDA_CHECK(cudaMemcpy(dst.get(), bits.data(), 2 * bits.size(),
                        cudaMemcpyHostToDevice));
}
template <class T> void poison(bench::cuda_buffer<T> &buf, size_t n) {
  CUDA_CHECK(cudaMemset(buf.get(), 0xff, n * sizeof(T)));
}
} // namespace llmc_bf16

#endif // BENCH_LLMC_BF16_NVCC_LLMC_BF16_CUH
