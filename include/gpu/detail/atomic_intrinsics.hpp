// Device intrinsics of atomics and warp operations (see intrinsics.hpp).
//
// The plugin turns a call of `atomic.<op>` into `alloy.atomic_rmw` /
// `alloy.atomic_cas` (the operation's signedness comes from T) and
// `warp.<op>` into `alloy.shfl`, `alloy.vote`, `alloy.warp_sync`. T is
// checked by the public templates in <gpu/atomic.hpp> and <gpu/warp.hpp>:
// 32- or 64-bit integers, float, double (and 16-bit halves). The bodies are
// the host fallbacks: the atomics are the host's (relaxed, as the GPU's),
// since the CPU device runs blocks on several threads; the warp operations
// ask the CPU device's warp (cpu_thread.hpp), or, outside it, see a warp
// of one lane (lane 0), whose shuffles read its own value.
#ifndef GPU_DETAIL_ATOMIC_INTRINSICS_HPP
#define GPU_DETAIL_ATOMIC_INTRINSICS_HPP

#include <gpu/detail/intrinsics.hpp>

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace gpu::detail {

namespace cpu {
template <std::size_t N> struct word_of;
template <> struct word_of<2> { using type = uint16_t; };
template <> struct word_of<4> { using type = uint32_t; };
template <> struct word_of<8> { using type = uint64_t; };

// *p = f(*p) atomically (a compare-and-swap loop on its bytes); the old
// value.
template <class T, class F> T update(T *p, F f) noexcept {
  using W = typename word_of<sizeof(T)>::type;
  W *w = reinterpret_cast<W *>(p);
  W old = __atomic_load_n(w, __ATOMIC_RELAXED);
  for (;;) {
    T before, after;
    std::memcpy(&before, &old, sizeof(T));
    after = f(before);
    W next;
    std::memcpy(&next, &after, sizeof(T));
    if (__atomic_compare_exchange_n(w, &old, next, true, __ATOMIC_RELAXED,
                                    __ATOMIC_RELAXED))
      return before;
  }
}

template <class T> uint64_t to_word(T v) noexcept {
  uint64_t w = 0;
  std::memcpy(&w, &v, sizeof(T));
  return w;
}
template <class T> T from_word(uint64_t w) noexcept {
  T v;
  std::memcpy(&v, &w, sizeof(T));
  return v;
}
template <class T>
T shuffle(warp_op op, T v, uint32_t arg, uint32_t mask) noexcept {
  if (!current)
    return v;
  return from_word<T>(current->ops->warp(op, to_word(v), arg, mask));
}
} // namespace cpu

template <class T>
ALLOY_INTRINSIC("atomic.add")
T atomic_add(T *p, T v) noexcept {
  if constexpr (std::is_integral_v<T>)
    return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
  else
    return cpu::update(p, [v](T old) { return T(old + v); });
}
template <class T>
ALLOY_INTRINSIC("atomic.sub")
T atomic_sub(T *p, T v) noexcept {
  if constexpr (std::is_integral_v<T>)
    return __atomic_fetch_sub(p, v, __ATOMIC_RELAXED);
  else
    return cpu::update(p, [v](T old) { return T(old - v); });
}
template <class T>
ALLOY_INTRINSIC("atomic.min")
T atomic_min(T *p, T v) noexcept {
  return cpu::update(p, [v](T old) { return v < old ? v : old; });
}
template <class T>
ALLOY_INTRINSIC("atomic.max")
T atomic_max(T *p, T v) noexcept {
  return cpu::update(p, [v](T old) { return old < v ? v : old; });
}
template <class T>
ALLOY_INTRINSIC("atomic.exch")
T atomic_exch(T *p, T v) noexcept {
  return cpu::update(p, [v](T) { return v; });
}
template <class T>
ALLOY_INTRINSIC("atomic.cas")
T atomic_cas(T *p, T expected, T desired) noexcept {
  // The GPU compares bits, not values (-0.0 is not 0.0).
  using W = typename cpu::word_of<sizeof(T)>::type;
  W e, d;
  std::memcpy(&e, &expected, sizeof(T));
  std::memcpy(&d, &desired, sizeof(T));
  __atomic_compare_exchange_n(reinterpret_cast<W *>(p), &e, d, false,
                              __ATOMIC_RELAXED, __ATOMIC_RELAXED);
  T old;
  std::memcpy(&old, &e, sizeof(T));
  return old;
}
template <class T>
ALLOY_INTRINSIC("atomic.and")
T atomic_and(T *p, T v) noexcept {
  return __atomic_fetch_and(p, v, __ATOMIC_RELAXED);
}
template <class T>
ALLOY_INTRINSIC("atomic.or")
T atomic_or(T *p, T v) noexcept {
  return __atomic_fetch_or(p, v, __ATOMIC_RELAXED);
}
template <class T>
ALLOY_INTRINSIC("atomic.xor")
T atomic_xor(T *p, T v) noexcept {
  return __atomic_fetch_xor(p, v, __ATOMIC_RELAXED);
}

template <class T>
ALLOY_INTRINSIC("warp.shfl.idx")
T warp_shfl_idx(T v, uint32_t lane, uint32_t mask) noexcept {
  return cpu::shuffle(cpu::warp_op::idx, v, lane, mask);
}
template <class T>
ALLOY_INTRINSIC("warp.shfl.up")
T warp_shfl_up(T v, uint32_t delta, uint32_t mask) noexcept {
  return cpu::shuffle(cpu::warp_op::up, v, delta, mask);
}
template <class T>
ALLOY_INTRINSIC("warp.shfl.down")
T warp_shfl_down(T v, uint32_t delta, uint32_t mask) noexcept {
  return cpu::shuffle(cpu::warp_op::down, v, delta, mask);
}
template <class T>
ALLOY_INTRINSIC("warp.shfl.bfly")
T warp_shfl_bfly(T v, uint32_t lanes, uint32_t mask) noexcept {
  return cpu::shuffle(cpu::warp_op::bfly, v, lanes, mask);
}
ALLOY_INTRINSIC("warp.ballot")
inline uint32_t warp_ballot(bool pred, uint32_t mask) noexcept {
  if (cpu::current)
    return uint32_t(cpu::current->ops->warp(cpu::warp_op::ballot, pred, 0, mask));
  return pred && (mask & 1u) ? 1u : 0u;
}
ALLOY_INTRINSIC("warp.all") inline bool warp_all(bool pred, uint32_t mask) noexcept {
  if (cpu::current)
    return cpu::current->ops->warp(cpu::warp_op::all, pred, 0, mask) != 0;
  return pred;
}
ALLOY_INTRINSIC("warp.any") inline bool warp_any(bool pred, uint32_t mask) noexcept {
  if (cpu::current)
    return cpu::current->ops->warp(cpu::warp_op::any, pred, 0, mask) != 0;
  return pred;
}
// redux.sync (sm_80): op over the 32-bit values of the lanes in `mask`,
// every one of which calls it; each gets the result. On the CPU device,
// a shuffle from each lane of the mask.
template <class Op>
uint32_t redux_lanes(uint32_t v, uint32_t mask, Op op) noexcept {
  if (warp_lanes() == 1) // a host thread: v alone
    return v;
  if (mask == 0xffffffffu) {
    for (uint32_t offset = 16; offset > 0; offset /= 2)
      v = op(v, warp_shfl_bfly(v, offset, mask));
    return v;
  }
  uint32_t r = 0;
  bool first = true;
  for (uint32_t lane = 0; lane < 32; ++lane)
    if (mask >> lane & 1) {
      uint32_t other = warp_shfl_idx(v, lane, mask);
      r = first ? other : op(r, other);
      first = false;
    }
  return first ? v : r;
}
#define ALLOY_REDUX(FUNCTION, NAME, EXPR)                                      \
  ALLOY_INTRINSIC("warp.redux." NAME)                                          \
  inline uint32_t FUNCTION(uint32_t v, uint32_t mask) noexcept {               \
    return redux_lanes(v, mask, [](uint32_t a, uint32_t b) { return EXPR; });  \
  }
ALLOY_REDUX(warp_redux_add, "add", a + b)
ALLOY_REDUX(warp_redux_min, "min", int32_t(b) < int32_t(a) ? b : a)
ALLOY_REDUX(warp_redux_max, "max", int32_t(a) < int32_t(b) ? b : a)
ALLOY_REDUX(warp_redux_umin, "umin", b < a ? b : a)
ALLOY_REDUX(warp_redux_umax, "umax", a < b ? b : a)
ALLOY_REDUX(warp_redux_and, "and", a & b)
ALLOY_REDUX(warp_redux_or, "or", a | b)
ALLOY_REDUX(warp_redux_xor, "xor", a ^ b)
#undef ALLOY_REDUX

ALLOY_INTRINSIC("warp.sync") inline void warp_sync(uint32_t mask) noexcept {
  if (cpu::current)
    cpu::current->ops->warp(cpu::warp_op::sync, 0, 0, mask);
}

} // namespace gpu::detail

#endif // GPU_DETAIL_ATOMIC_INTRINSICS_HPP
