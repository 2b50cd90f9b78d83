// CUDA's atomic functions (part of <gpu/cuda_compat.hpp>) on Alloy's
// atomics (<gpu/atomic.hpp>, <gpu/half.hpp>): relaxed, device scope, each
// returning the old value, for the types CUDA has them for (and the other
// 32- and 64-bit integers). atomicInc and atomicDec are compare-and-swap
// loops. The _block variants are the device-scope ones (a stronger scope,
// so correct, possibly slower). Not provided: the _system variants
// (scope CPU + GPU), atomicCAS on 16-bit values.
#ifndef GPU_CUDA_ATOMICS_HPP
#define GPU_CUDA_ATOMICS_HPP

#include <gpu/cuda/keywords.hpp>
#include <gpu/atomic.hpp>
#include <gpu/half.hpp>

#include <type_traits>

#define ALLOY_CUDA_ATOMIC(CUDA, ALLOY)                                         \
  template <class T> T CUDA(T *p, std::type_identity_t<T> v) noexcept {        \
    return gpu::ALLOY(p, v);                                                   \
  }                                                                            \
  template <class T> T CUDA##_block(T *p, std::type_identity_t<T> v) noexcept {\
    return gpu::ALLOY(p, v);                                                   \
  }
ALLOY_CUDA_ATOMIC(atomicAdd, atomic_add)
ALLOY_CUDA_ATOMIC(atomicSub, atomic_sub)
ALLOY_CUDA_ATOMIC(atomicExch, atomic_exch)
ALLOY_CUDA_ATOMIC(atomicMin, atomic_min)
ALLOY_CUDA_ATOMIC(atomicMax, atomic_max)
ALLOY_CUDA_ATOMIC(atomicAnd, atomic_and)
ALLOY_CUDA_ATOMIC(atomicOr, atomic_or)
ALLOY_CUDA_ATOMIC(atomicXor, atomic_xor)
#undef ALLOY_CUDA_ATOMIC

template <class T>
T atomicCAS(T *p, std::type_identity_t<T> compare,
            std::type_identity_t<T> value) noexcept {
  return gpu::atomic_cas(p, compare, value);
}
template <class T>
T atomicCAS_block(T *p, std::type_identity_t<T> compare,
                  std::type_identity_t<T> value) noexcept {
  return gpu::atomic_cas(p, compare, value);
}

// ((old >= limit) ? 0 : old + 1), stored; returns old.
inline unsigned atomicInc(unsigned *p, unsigned limit) noexcept {
  unsigned old = *p, seen;
  while ((seen = gpu::atomic_cas(p, old, old >= limit ? 0u : old + 1)) != old)
    old = seen;
  return old;
}
// ((old == 0 || old > limit) ? limit : old - 1), stored; returns old.
inline unsigned atomicDec(unsigned *p, unsigned limit) noexcept {
  unsigned old = *p, seen;
  while ((seen = gpu::atomic_cas(
              p, old, old == 0 || old > limit ? limit : old - 1)) != old)
    old = seen;
  return old;
}

#endif // GPU_CUDA_ATOMICS_HPP
