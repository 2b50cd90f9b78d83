// Global-memory loads and stores with a cache policy: CUDA's __ldg, __ldcs,
// __stcs and friends. Each reads or writes one T (a trivially copyable type
// of 1, 2, 4, 8 or 16 bytes, naturally aligned) at a global-memory address:
//
//   float x = gpu::load_streaming(&in[i]);   // read once, evict first
//   gpu::store_streaming(&out[i], x);        // written once, not re-read
//
// They are hints about reuse; the value is what a plain access gives
// (load_readonly needs memory that no thread writes during the launch).
#ifndef GPU_MEMORY_HPP
#define GPU_MEMORY_HPP

#include <gpu/detail/memory_intrinsics.hpp>

#include <bit>
#include <cstdint>
#include <type_traits>

namespace gpu {
namespace detail {
template <std::size_t Size> struct bits_of_size {
  using type = void;
};
template <> struct bits_of_size<1> { using type = uint8_t; };
template <> struct bits_of_size<2> { using type = uint16_t; };
template <> struct bits_of_size<4> { using type = uint32_t; };
template <> struct bits_of_size<8> { using type = uint64_t; };
template <> struct bits_of_size<16> { using type = unsigned __int128; };
template <class T> using bits_t = typename bits_of_size<sizeof(T)>::type;
template <class T>
inline constexpr bool is_cached_type_v =
    std::is_trivially_copyable_v<T> && !std::is_void_v<bits_t<T>>;
} // namespace detail

// Through the read-only data cache (CUDA's __ldg); the memory must not be
// written during the launch.
template <class T> T load_readonly(const T *p) noexcept {
  static_assert(detail::is_cached_type_v<T>,
                "gpu::load_readonly loads a trivially copyable type of 1, 2, 4, 8 "
                "or 16 bytes");
  if constexpr (detail::is_cached_type_v<T>)
    return std::bit_cast<T>(detail::load_nc<detail::bits_t<T>>(p));
  else
    return *p;
}
// Cached at all levels (__ldca).
template <class T> T load_cache_all(const T *p) noexcept {
  static_assert(detail::is_cached_type_v<T>,
                "gpu::load_cache_all loads a trivially copyable type of 1, 2, 4, 8 "
                "or 16 bytes");
  if constexpr (detail::is_cached_type_v<T>)
    return std::bit_cast<T>(detail::load_ca<detail::bits_t<T>>(p));
  else
    return *p;
}
// Cached in L2 only, not in L1 (__ldcg).
template <class T> T load_cache_global(const T *p) noexcept {
  static_assert(detail::is_cached_type_v<T>,
                "gpu::load_cache_global loads a trivially copyable type of 1, 2, 4, 8 "
                "or 16 bytes");
  if constexpr (detail::is_cached_type_v<T>)
    return std::bit_cast<T>(detail::load_cg<detail::bits_t<T>>(p));
  else
    return *p;
}
// Streaming: likely read once, evicted first (__ldcs).
template <class T> T load_streaming(const T *p) noexcept {
  static_assert(detail::is_cached_type_v<T>,
                "gpu::load_streaming loads a trivially copyable type of 1, 2, 4, 8 "
                "or 16 bytes");
  if constexpr (detail::is_cached_type_v<T>)
    return std::bit_cast<T>(detail::load_cs<detail::bits_t<T>>(p));
  else
    return *p;
}
// The last use of the line (__ldlu).
template <class T> T load_last_use(const T *p) noexcept {
  static_assert(detail::is_cached_type_v<T>,
                "gpu::load_last_use loads a trivially copyable type of 1, 2, 4, 8 "
                "or 16 bytes");
  if constexpr (detail::is_cached_type_v<T>)
    return std::bit_cast<T>(detail::load_lu<detail::bits_t<T>>(p));
  else
    return *p;
}
// Not cached: fetched again on every load (__ldcv).
template <class T> T load_volatile(const T *p) noexcept {
  static_assert(detail::is_cached_type_v<T>,
                "gpu::load_volatile loads a trivially copyable type of 1, 2, 4, 8 "
                "or 16 bytes");
  if constexpr (detail::is_cached_type_v<T>)
    return std::bit_cast<T>(detail::load_cv<detail::bits_t<T>>(p));
  else
    return *p;
}
// Write-back, cached at all levels (__stwb).
template <class T> void store_write_back(T *p, std::type_identity_t<T> v) noexcept {
  static_assert(detail::is_cached_type_v<T>,
                "gpu::store_write_back stores a trivially copyable type of 1, 2, 4, "
                "8 or 16 bytes");
  if constexpr (detail::is_cached_type_v<T>)
    detail::store_wb<detail::bits_t<T>>(p, std::bit_cast<detail::bits_t<T>>(v));
  else
    *p = v;
}
// Cached in L2 only (__stcg).
template <class T> void store_cache_global(T *p, std::type_identity_t<T> v) noexcept {
  static_assert(detail::is_cached_type_v<T>,
                "gpu::store_cache_global stores a trivially copyable type of 1, 2, 4, "
                "8 or 16 bytes");
  if constexpr (detail::is_cached_type_v<T>)
    detail::store_cg<detail::bits_t<T>>(p, std::bit_cast<detail::bits_t<T>>(v));
  else
    *p = v;
}
// Streaming: likely not read again soon (__stcs).
template <class T> void store_streaming(T *p, std::type_identity_t<T> v) noexcept {
  static_assert(detail::is_cached_type_v<T>,
                "gpu::store_streaming stores a trivially copyable type of 1, 2, 4, "
                "8 or 16 bytes");
  if constexpr (detail::is_cached_type_v<T>)
    detail::store_cs<detail::bits_t<T>>(p, std::bit_cast<detail::bits_t<T>>(v));
  else
    *p = v;
}
// Write-through to system memory (__stwt).
template <class T> void store_write_through(T *p, std::type_identity_t<T> v) noexcept {
  static_assert(detail::is_cached_type_v<T>,
                "gpu::store_write_through stores a trivially copyable type of 1, 2, 4, "
                "8 or 16 bytes");
  if constexpr (detail::is_cached_type_v<T>)
    detail::store_wt<detail::bits_t<T>>(p, std::bit_cast<detail::bits_t<T>>(v));
  else
    *p = v;
}

} // namespace gpu

#endif // GPU_MEMORY_HPP
