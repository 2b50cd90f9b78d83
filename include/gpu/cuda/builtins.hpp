// CUDA's built-in variables, barriers, fences, warp functions and integer
// min/max (part of <gpu/cuda_compat.hpp>), each a thin spelling of
// Alloy's own (<gpu/device.hpp>, <gpu/warp.hpp>, <gpu/collectives.hpp>):
//
//   threadIdx, blockIdx, blockDim, gridDim   gpu::thread_idx() ... (.x .y .z)
//   warpSize                                 32
//   __syncthreads()                          gpu::sync_threads()
//   __syncthreads_count/_and/_or(pred)       a block reduction (two barriers)
//   __syncwarp(mask)                         gpu::warp::sync(mask)
//   __threadfence(), __threadfence_block()   gpu::thread_fence(), ..._block()
//   __trap()                                 gpu::trap()
// (printf in device code needs nothing: the C library's printf there is
// gpu::printf.)
//   __shfl_sync, __shfl_up_sync, __shfl_down_sync, __shfl_xor_sync
//                                            gpu::warp::shfl...; any trivially
//                                            copyable T, and CUDA's `width`
//   __ballot_sync, __any_sync, __all_sync    gpu::warp::ballot, any, all
//   __activemask()                           the lanes calling together
//   clock64(), clock() in device code        the cycle counters
//   __match_any_sync, __match_all_sync       gpu::warp::match_any, match_all
//   __reduce_{add,min,max}_sync (int, unsigned), __reduce_{and,or,xor}_sync
//   min, max (int, unsigned, long, long long and their unsigned, float,
//   double; mixed types by the usual conversions), umin, umax, llmin,
//   llmax, ullmin, ullmax
// Not provided: __threadfence_system (the CPU-visible fence).
#ifndef GPU_CUDA_BUILTINS_HPP
#define GPU_CUDA_BUILTINS_HPP

#include <gpu/cuda/keywords.hpp>
#include <gpu/collectives.hpp>
#include <gpu/detail/cg_ptx.hpp>
#include <gpu/device.hpp>
#include <gpu/warp.hpp>

#include <cmath>
#include <cstdint>
#include <type_traits>

#define threadIdx (::gpu::thread_idx())
#define blockIdx (::gpu::block_idx())
#define blockDim (::gpu::block_dim())
#define gridDim (::gpu::grid_dim())
inline constexpr int warpSize = 32;

// --- Barriers and fences ---------------------------------------------------
inline void __syncthreads() noexcept { gpu::sync_threads(); }
inline int __syncthreads_count(int pred) noexcept {
  return int(gpu::block::sum(pred ? 1u : 0u));
}
inline int __syncthreads_and(int pred) noexcept {
  return gpu::block::sum(pred ? 0u : 1u) == 0;
}
inline int __syncthreads_or(int pred) noexcept {
  return gpu::block::sum(pred ? 1u : 0u) != 0;
}
inline void __syncwarp(unsigned mask = 0xffffffffu) noexcept {
  gpu::warp::sync(mask);
}
inline void __threadfence() noexcept { gpu::thread_fence(); }
[[noreturn]] inline void __trap() noexcept { gpu::trap(); }
inline void __threadfence_block() noexcept { gpu::thread_fence_block(); }

// --- Warp shuffles, votes and reductions -----------------------------------
// With width < 32 (a power of two), the warp is segments of `width` lanes,
// as in CUDA: a lane reads only in its own segment (xor: or an earlier
// one), else gets its own value.
template <class T>
T __shfl_sync(unsigned mask, T var, int src_lane, int width = 32) noexcept {
  return gpu::detail::segment_shfl(var, uint32_t(src_lane), uint32_t(width),
                                   mask);
}
template <class T>
T __shfl_up_sync(unsigned mask, T var, unsigned delta,
                 int width = 32) noexcept {
  return gpu::detail::segment_shfl_up(var, delta, uint32_t(width), mask);
}
template <class T>
T __shfl_down_sync(unsigned mask, T var, unsigned delta,
                   int width = 32) noexcept {
  return gpu::detail::segment_shfl_down(var, delta, uint32_t(width), mask);
}
template <class T>
T __shfl_xor_sync(unsigned mask, T var, int lane_mask,
                  int width = 32) noexcept {
  if (width == 32)
    return gpu::warp::shfl_xor(var, uint32_t(lane_mask), mask);
  uint32_t lane = gpu::warp::lane_id(), w = uint32_t(width);
  uint32_t src = lane ^ uint32_t(lane_mask);
  return gpu::warp::shfl(var, src <= (lane | (w - 1)) ? src : lane, mask);
}
inline unsigned __ballot_sync(unsigned mask, int pred) noexcept {
  return gpu::warp::ballot(pred != 0, mask);
}
inline int __any_sync(unsigned mask, int pred) noexcept {
  return gpu::warp::any(pred != 0, mask);
}
inline int __all_sync(unsigned mask, int pred) noexcept {
  return gpu::warp::all(pred != 0, mask);
}

// op over the values of the lanes of `mask`, every one of which calls it:
// one redux.sync (sm_80), as in CUDA.
#define ALLOY_REDUCE_SYNC(NAME, T, OP)                                         \
  inline T NAME(unsigned mask, T value) noexcept {                             \
    return gpu::detail::redux<T, OP>(value, mask);                             \
  }
ALLOY_REDUCE_SYNC(__reduce_add_sync, unsigned, gpu::plus)
ALLOY_REDUCE_SYNC(__reduce_add_sync, int, gpu::plus)
ALLOY_REDUCE_SYNC(__reduce_min_sync, unsigned, gpu::minimum)
ALLOY_REDUCE_SYNC(__reduce_min_sync, int, gpu::minimum)
ALLOY_REDUCE_SYNC(__reduce_max_sync, unsigned, gpu::maximum)
ALLOY_REDUCE_SYNC(__reduce_max_sync, int, gpu::maximum)
ALLOY_REDUCE_SYNC(__reduce_and_sync, unsigned, gpu::bit_and)
ALLOY_REDUCE_SYNC(__reduce_or_sync, unsigned, gpu::bit_or)
ALLOY_REDUCE_SYNC(__reduce_xor_sync, unsigned, gpu::bit_xor)
#undef ALLOY_REDUCE_SYNC

namespace gpu::detail {
// %clock64, the multiprocessor's cycle counter; the processor's on the host.
ALLOY_INTRINSIC("ptx.asm")
inline void clock64_asm(const char *, ptx::out<long long> c) noexcept {
  *c.p = (long long)__builtin_readcyclecounter();
}
} // namespace gpu::detail
// The cycle counter (clock() in device code is the 32-bit one: alloy++
// reads <time.h>'s clock() there as CUDA does).
inline long long clock64() noexcept {
  long long c = 0;
  gpu::detail::clock64_asm("mov.u64 %0, %%clock64;", gpu::ptx::out(c));
  return c;
}

// The lanes that make this call together (on the CPU device, the caller).
inline unsigned __activemask() noexcept { return gpu::detail::active_mask(); }
// The lanes of `mask` whose value equals the caller's; all of `mask` (and
// *pred = 1) when every lane's value is the same, else 0 and *pred = 0.
template <class T>
  requires(std::is_integral_v<T> || std::is_floating_point_v<T>)
unsigned __match_any_sync(unsigned mask, T value) noexcept {
  return gpu::warp::match_any(value, mask);
}
template <class T>
  requires(std::is_integral_v<T> || std::is_floating_point_v<T>)
unsigned __match_all_sync(unsigned mask, T value, int *pred) noexcept {
  bool all = false;
  unsigned r = gpu::warp::match_all(value, &all, mask);
  *pred = all;
  return r;
}

// --- Integer and floating-point min/max ------------------------------------
// Same-type calls pick these (before std::min's template); mixed types
// take the usual arithmetic conversions, as CUDA's overloads do
// (min(int, unsigned) is unsigned).
#define ALLOY_MIN_MAX(T)                                                       \
  inline T min(T a, T b) noexcept { return b < a ? b : a; }                    \
  inline T max(T a, T b) noexcept { return a < b ? b : a; }
ALLOY_MIN_MAX(int)
ALLOY_MIN_MAX(unsigned)
ALLOY_MIN_MAX(long)
ALLOY_MIN_MAX(unsigned long)
ALLOY_MIN_MAX(long long)
ALLOY_MIN_MAX(unsigned long long)
#undef ALLOY_MIN_MAX
inline float min(float a, float b) noexcept { return std::fmin(a, b); }
inline float max(float a, float b) noexcept { return std::fmax(a, b); }
inline double min(double a, double b) noexcept { return std::fmin(a, b); }
inline double max(double a, double b) noexcept { return std::fmax(a, b); }
template <class A, class B>
  requires(std::is_arithmetic_v<A> && std::is_arithmetic_v<B> &&
           !std::is_same_v<A, B>)
std::common_type_t<A, B> min(A a, B b) noexcept {
  return min(std::common_type_t<A, B>(a), std::common_type_t<A, B>(b));
}
template <class A, class B>
  requires(std::is_arithmetic_v<A> && std::is_arithmetic_v<B> &&
           !std::is_same_v<A, B>)
std::common_type_t<A, B> max(A a, B b) noexcept {
  return max(std::common_type_t<A, B>(a), std::common_type_t<A, B>(b));
}
inline unsigned umin(unsigned a, unsigned b) noexcept { return min(a, b); }
inline unsigned umax(unsigned a, unsigned b) noexcept { return max(a, b); }
inline long long llmin(long long a, long long b) noexcept { return min(a, b); }
inline long long llmax(long long a, long long b) noexcept { return max(a, b); }
inline unsigned long long ullmin(unsigned long long a,
                                 unsigned long long b) noexcept {
  return min(a, b);
}
inline unsigned long long ullmax(unsigned long long a,
                                 unsigned long long b) noexcept {
  return max(a, b);
}

#endif // GPU_CUDA_BUILTINS_HPP
