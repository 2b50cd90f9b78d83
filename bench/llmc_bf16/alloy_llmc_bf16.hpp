// The Alloy side of the llmc_bf16 benchmarks: the port of what llm.c's
// train_gpt2.cu builds its bf16 kernels from (nvcc_llmc_bf16.cuh is the
// CUDA original), and the host side both programs share.
// llm.c: https://github.com/karpathy/llm.c (MIT License, (c) 2024 Andrej
// Karpathy). "Alloy:" comments mark where the port differs.
#ifndef BENCH_LLMC_BF16_ALLOY_LLMC_BF16_HPP
#define BENCH_LLMC_BF16_ALLOY_LLMC_BF16_HPP

#include "../common/alloy_bench.hpp"
#include "nvcc_llmc_bf16_host.cuh"

#include <gpu/half.hpp>

#include <cstddef>

// Alloy: __nv_bfloat16 is gpu::bfloat16; (float)x and (floatX)f convert
// through float as CUDA's __bfloat162float / __float2bfloat16 do.
typedef gpu::bfloat16 floatX;
constexpr unsigned WARP_SIZE = 32U;
#define CEIL_DIV(M, N) (((M) + (N)-1) / (N))

// Packed128 data structure that forces the compiler to use 128-bit
// loads/stores in GPUs that support (the LDG.128 and STS.128 instructions)
// This is a bit similar to the use of float4 in the case of 32-bit floats,
// but supports arbitrary precision.
// Alloy: llm.c builds Packed128 from CUDA's int4; Alloy has no int4, so the
// 16-byte aligned struct itself is what the 128-bit load and store move
// (as in bench/gelu_forward).
template <class ElementType> struct alignas(16) Packed128 {
  ElementType &operator[](int index) { return payload[index]; }
  const ElementType &operator[](int index) const { return payload[index]; }
  static constexpr const size_t size = 16 / sizeof(ElementType);
  ElementType payload[size];
};

// load a Packed128 from an aligned memory address
template <class ElementType>
Packed128<ElementType> load128(const ElementType *address) {
  return *reinterpret_cast<const Packed128<ElementType> *>(address);
}
// load a Packed128 from an aligned memory address with streaming cache hint
template <class ElementType>
Packed128<ElementType> load128cs(const ElementType *address) {
  return gpu::load_streaming(
      reinterpret_cast<const Packed128<ElementType> *>(address)); // __ldcs
}
// store a Packed128 to an aligned memory address
template <class ElementType>
void store128(ElementType *target, Packed128<ElementType> value) {
  *reinterpret_cast<Packed128<ElementType> *>(target) = value;
}
// store a Packed128 to an aligned memory address with streaming cache hint
template <class ElementType>
void store128cs(ElementType *target, Packed128<ElementType> value) {
  gpu::store_streaming(reinterpret_cast<Packed128<ElementType> *>(target),
                       value); // __stcs
}

// short-form typedefs
typedef Packed128<float> f128;
typedef Packed128<floatX> x128;
static_assert(sizeof(x128) == 16 && alignof(x128) == 16 && x128::size == 8);

// warp-level reduction for summing values
inline float warpReduceSum(float val) {
  for (int offset = 16; offset > 0; offset /= 2) {
    val += gpu::warp::shfl_xor(val, offset); // __shfl_xor_sync(0xFFFFFFFF, ...)
  }
  return val;
}

namespace llmc_bf16 {
// A device buffer holding bf16 bits, and an output of n elements poisoned
// with NaN (all bits set), so that an element the kernel never writes fails
// the check.
inline gpu::device_buffer<floatX> upload(gpu::stream &s,
                                         const std::vector<uint16_t> &bits) {
  return gpu::device_buffer<floatX>::from_host(s, from_bits<floatX>(bits))
      .value();
}
template <class T>
gpu::device_buffer<T> poisoned(gpu::stream &s, size_t n) {
  auto buf = gpu::device_buffer<T>::uninitialized(s, n).value();
  gpu::memset_async(s, buf, 0xff).value();
  return buf;
}
} // namespace llmc_bf16

#endif // BENCH_LLMC_BF16_ALLOY_LLMC_BF16_HPP
