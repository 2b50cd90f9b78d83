// CUDA's vector types (vector_types.h) and their make_* functions (part of
// <gpu/cuda_compat.hpp>): char1..4 to double1..4 with CUDA's sizes and
// alignments (two and four elements aligned to their size, up to 16
// bytes; one and three to the element), and dim3 (gpu::dim3).
#ifndef GPU_CUDA_VECTOR_TYPES_HPP
#define GPU_CUDA_VECTOR_TYPES_HPP

#include <gpu/cuda/keywords.hpp>
#include <gpu/device.hpp>

#define ALLOY_VEC_ALIGN(T, N)                                                  \
  ((N) == 3 || (N) == 1 ? sizeof(T)                                            \
                        : ((N) * sizeof(T) > 16 ? 16 : (N) * sizeof(T)))
#define ALLOY_VECTOR_TYPE(NAME, T)                                             \
  struct alignas(ALLOY_VEC_ALIGN(T, 1)) NAME##1 { T x; };                      \
  struct alignas(ALLOY_VEC_ALIGN(T, 2)) NAME##2 { T x, y; };                   \
  struct alignas(ALLOY_VEC_ALIGN(T, 3)) NAME##3 { T x, y, z; };                \
  struct alignas(ALLOY_VEC_ALIGN(T, 4)) NAME##4 { T x, y, z, w; };             \
  inline constexpr NAME##1 make_##NAME##1(T x) noexcept { return {x}; }        \
  inline constexpr NAME##2 make_##NAME##2(T x, T y) noexcept {                 \
    return {x, y};                                                             \
  }                                                                            \
  inline constexpr NAME##3 make_##NAME##3(T x, T y, T z) noexcept {            \
    return {x, y, z};                                                          \
  }                                                                            \
  inline constexpr NAME##4 make_##NAME##4(T x, T y, T z, T w) noexcept {       \
    return {x, y, z, w};                                                       \
  }

ALLOY_VECTOR_TYPE(char, signed char)
ALLOY_VECTOR_TYPE(uchar, unsigned char)
ALLOY_VECTOR_TYPE(short, short)
ALLOY_VECTOR_TYPE(ushort, unsigned short)
ALLOY_VECTOR_TYPE(int, int)
ALLOY_VECTOR_TYPE(uint, unsigned int)
ALLOY_VECTOR_TYPE(long, long)
ALLOY_VECTOR_TYPE(ulong, unsigned long)
ALLOY_VECTOR_TYPE(longlong, long long)
ALLOY_VECTOR_TYPE(ulonglong, unsigned long long)
ALLOY_VECTOR_TYPE(float, float)
ALLOY_VECTOR_TYPE(double, double)

#undef ALLOY_VECTOR_TYPE
#undef ALLOY_VEC_ALIGN

using dim3 = gpu::dim3;

#endif // GPU_CUDA_VECTOR_TYPES_HPP
