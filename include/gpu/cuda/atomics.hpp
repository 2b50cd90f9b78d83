// CUDA's atomic functions (part of <gpu/cuda_compat.hpp>) on Alloy's
// atomics (<gpu/atomic.hpp>, <gpu/half.hpp>): relaxed, device scope, each
// returning the old value, for the types CUDA has them for (and the other
// 32- and 64-bit integers). atomicInc and atomicDec are PTX's atom.inc and
// atom.dec (a compare-and-swap loop on the CPU device). The _block variants
// are the device-scope ones (a stronger scope, so correct, possibly
// slower). Not provided: the _system variants
// (scope CPU + GPU), atomicCAS on 16-bit values.
#ifndef GPU_CUDA_ATOMICS_HPP
#define GPU_CUDA_ATOMICS_HPP

#include <gpu/atomic.hpp>
#include <gpu/cuda/keywords.hpp>
#include <gpu/half.hpp>
#include <gpu/ptx.hpp>

#include <type_traits>

#define ALLOY_CUDA_ATOMIC(CUDA, ALLOY)                                         \
  template <class T> T CUDA(T *p, std::type_identity_t<T> v) noexcept {        \
    return gpu::ALLOY(p, v);                                                   \
  }                                                                            \
  template <class T>                                                           \
  T CUDA##_block(T *p, std::type_identity_t<T> v) noexcept {                   \
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

namespace gpu::detail {
// One instruction on the GPU (a compare-and-swap loop under contention was
// the threadFenceReduction sample's last-block ticket at 0.6x nvcc); the
// host body is that loop.
ALLOY_INTRINSIC("ptx.asm")
inline void atomic_wrap_asm(const char *text, ptx::out<uint32_t> old,
                            uint64_t address, uint32_t limit) noexcept {
  auto *p = reinterpret_cast<uint32_t *>(uintptr_t(address));
  bool inc = text[5] == 'i'; // "atom.inc.u32" or "atom.dec.u32"
  uint32_t seen = __atomic_load_n(p, __ATOMIC_RELAXED);
  for (;;) {
    uint32_t next = inc ? (seen >= limit ? 0u : seen + 1)
                        : (seen == 0 || seen > limit ? limit : seen - 1);
    if (__atomic_compare_exchange_n(p, &seen, next, false, __ATOMIC_RELAXED,
                                    __ATOMIC_RELAXED))
      break;
  }
  *old.p = seen;
}
} // namespace gpu::detail

// ((old >= limit) ? 0 : old + 1), stored; returns old.
inline unsigned atomicInc(unsigned *p, unsigned limit) noexcept {
  uint32_t old = 0;
  gpu::detail::atomic_wrap_asm("atom.inc.u32 %0, [%1], %2;", gpu::ptx::out(old),
                               uint64_t(uintptr_t(p)), limit);
  return old;
}
// ((old == 0 || old > limit) ? limit : old - 1), stored; returns old.
inline unsigned atomicDec(unsigned *p, unsigned limit) noexcept {
  uint32_t old = 0;
  gpu::detail::atomic_wrap_asm("atom.dec.u32 %0, [%1], %2;", gpu::ptx::out(old),
                               uint64_t(uintptr_t(p)), limit);
  return old;
}

#endif // GPU_CUDA_ATOMICS_HPP
