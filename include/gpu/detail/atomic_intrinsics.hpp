// Device intrinsics of atomics and warp operations (see intrinsics.hpp).
//
// The plugin turns a call of `atomic.<op>` into `alloy.atomic_rmw` /
// `alloy.atomic_cas` (the operation's signedness comes from T) and
// `warp.<op>` into `alloy.shfl`, `alloy.vote`, `alloy.warp_sync`. T is
// checked by the public templates in <gpu/atomic.hpp> and <gpu/warp.hpp>:
// 32- or 64-bit integers, float, double. The bodies are the host fallbacks:
// a grid of one thread, so atomics are plain sequential updates and a warp
// has one lane (lane 0), whose shuffles read its own value.
#ifndef GPU_DETAIL_ATOMIC_INTRINSICS_HPP
#define GPU_DETAIL_ATOMIC_INTRINSICS_HPP

#include <gpu/detail/intrinsics.hpp>

#include <cstdint>

namespace gpu::detail {

template <class T>
ALLOY_INTRINSIC("atomic.add")
T atomic_add(T *p, T v) noexcept {
  T old = *p;
  *p = old + v;
  return old;
}
template <class T>
ALLOY_INTRINSIC("atomic.sub")
T atomic_sub(T *p, T v) noexcept {
  T old = *p;
  *p = old - v;
  return old;
}
template <class T>
ALLOY_INTRINSIC("atomic.min")
T atomic_min(T *p, T v) noexcept {
  T old = *p;
  *p = v < old ? v : old;
  return old;
}
template <class T>
ALLOY_INTRINSIC("atomic.max")
T atomic_max(T *p, T v) noexcept {
  T old = *p;
  *p = old < v ? v : old;
  return old;
}
template <class T>
ALLOY_INTRINSIC("atomic.exch")
T atomic_exch(T *p, T v) noexcept {
  T old = *p;
  *p = v;
  return old;
}
template <class T>
ALLOY_INTRINSIC("atomic.cas")
T atomic_cas(T *p, T expected, T desired) noexcept {
  T old = *p;
  if (old == expected)
    *p = desired;
  return old;
}
template <class T>
ALLOY_INTRINSIC("atomic.and")
T atomic_and(T *p, T v) noexcept {
  T old = *p;
  *p = old & v;
  return old;
}
template <class T>
ALLOY_INTRINSIC("atomic.or")
T atomic_or(T *p, T v) noexcept {
  T old = *p;
  *p = old | v;
  return old;
}
template <class T>
ALLOY_INTRINSIC("atomic.xor")
T atomic_xor(T *p, T v) noexcept {
  T old = *p;
  *p = old ^ v;
  return old;
}

template <class T>
ALLOY_INTRINSIC("warp.shfl.idx")
T warp_shfl_idx(T v, uint32_t, uint32_t) noexcept {
  return v;
}
template <class T>
ALLOY_INTRINSIC("warp.shfl.up")
T warp_shfl_up(T v, uint32_t, uint32_t) noexcept {
  return v;
}
template <class T>
ALLOY_INTRINSIC("warp.shfl.down")
T warp_shfl_down(T v, uint32_t, uint32_t) noexcept {
  return v;
}
template <class T>
ALLOY_INTRINSIC("warp.shfl.bfly")
T warp_shfl_bfly(T v, uint32_t, uint32_t) noexcept {
  return v;
}
ALLOY_INTRINSIC("warp.ballot")
inline uint32_t warp_ballot(bool pred, uint32_t mask) noexcept {
  return pred && (mask & 1u) ? 1u : 0u;
}
ALLOY_INTRINSIC("warp.all") inline bool warp_all(bool pred, uint32_t) noexcept {
  return pred;
}
ALLOY_INTRINSIC("warp.any") inline bool warp_any(bool pred, uint32_t) noexcept {
  return pred;
}
ALLOY_INTRINSIC("warp.sync") inline void warp_sync(uint32_t) noexcept {}

} // namespace gpu::detail

#endif // GPU_DETAIL_ATOMIC_INTRINSICS_HPP
