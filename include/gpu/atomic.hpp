// Atomics on global and shared memory (see <gpu/device.hpp>).
//
// Each returns the old value. T comes from the pointer alone (the value is
// std::type_identity_t<T>), so `atomic_add(p_u32, 1)` works. Relaxed at
// device scope, like CUDA's atomicAdd & co.: they order no other access.
#ifndef GPU_ATOMIC_HPP
#define GPU_ATOMIC_HPP

#include <gpu/detail/atomic_intrinsics.hpp>

#include <type_traits>

namespace gpu {

namespace detail {
// int32_t, uint32_t, int64_t, uint64_t in every spelling (long long too).
template <class T>
inline constexpr bool is_atomic_integer_v =
    std::is_integral_v<T> && !std::is_same_v<T, bool> && !std::is_const_v<T> &&
    !std::is_volatile_v<T> && (sizeof(T) == 4 || sizeof(T) == 8) &&
    !std::is_same_v<T, wchar_t> && !std::is_same_v<T, char32_t>;
// Compare-and-swap also takes 16-bit integers (atom.cas.b16, sm_70).
template <class T>
inline constexpr bool
    is_cas_integer_v = is_atomic_integer_v<T> ||
                       (std::is_integral_v<T> && sizeof(T) == 2 &&
                        !std::is_const_v<T> && !std::is_volatile_v<T> &&
                        !std::is_same_v<T, char16_t>);
template <class T>
inline constexpr bool is_atomic_float_v =
    std::is_same_v<T, float> || std::is_same_v<T, double>;
} // namespace detail

// The static_assert names the function; `if constexpr` keeps a rejected T
// from piling further errors onto it.
#define ALLOY_ATOMIC(NAME, OK, TYPES)                                          \
  template <class T> T NAME(T *p, std::type_identity_t<T> v) noexcept {        \
    static_assert(OK, "gpu::" #NAME " is for " TYPES);                         \
    if constexpr (OK)                                                          \
      return detail::NAME(p, v);                                               \
    else                                                                       \
      return *p;                                                               \
  }
#define ALLOY_ATOMIC_INT detail::is_atomic_integer_v<T>
#define ALLOY_ATOMIC_ANY                                                       \
  (detail::is_atomic_integer_v<T> || detail::is_atomic_float_v<T>)
#define ALLOY_INT_TYPES "int32_t, uint32_t, int64_t and uint64_t"
#define ALLOY_ANY_TYPES "int32_t, uint32_t, int64_t, uint64_t, float and double"

ALLOY_ATOMIC(atomic_add, ALLOY_ATOMIC_ANY, ALLOY_ANY_TYPES)
ALLOY_ATOMIC(atomic_exch, ALLOY_ATOMIC_ANY, ALLOY_ANY_TYPES)
ALLOY_ATOMIC(atomic_sub, ALLOY_ATOMIC_INT, ALLOY_INT_TYPES)
ALLOY_ATOMIC(atomic_min, ALLOY_ATOMIC_INT, ALLOY_INT_TYPES)
ALLOY_ATOMIC(atomic_max, ALLOY_ATOMIC_INT, ALLOY_INT_TYPES)
ALLOY_ATOMIC(atomic_and, ALLOY_ATOMIC_INT, ALLOY_INT_TYPES)
ALLOY_ATOMIC(atomic_or, ALLOY_ATOMIC_INT, ALLOY_INT_TYPES)
ALLOY_ATOMIC(atomic_xor, ALLOY_ATOMIC_INT, ALLOY_INT_TYPES)

// Stores `desired` if *p == expected; returns the old value either way.
template <class T>
T atomic_cas(T *p, std::type_identity_t<T> expected,
             std::type_identity_t<T> desired) noexcept {
  static_assert(detail::is_cas_integer_v<T>,
                "gpu::atomic_cas is for int16_t, uint16_t, " ALLOY_INT_TYPES);
  if constexpr (detail::is_cas_integer_v<T>)
    return detail::atomic_cas(p, expected, desired);
  else
    return *p;
}

#undef ALLOY_ATOMIC
#undef ALLOY_ATOMIC_INT
#undef ALLOY_ATOMIC_ANY
#undef ALLOY_INT_TYPES
#undef ALLOY_ANY_TYPES

} // namespace gpu

#endif // GPU_ATOMIC_HPP
