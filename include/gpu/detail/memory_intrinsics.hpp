// Device intrinsics of global-memory loads and stores with a cache policy
// (PTX's ld.global.<op> / st.global.<op>; see <gpu/memory.hpp>).
//
// `Bits` is an unsigned integer of 1, 2, 4, 8 or 16 bytes: the public
// templates move any trivially copyable T of those sizes as its bits. The
// plugin turns a call into alloy.cached_load / alloy.cached_store; the
// bodies are the host fallbacks, plain copies.
#ifndef GPU_DETAIL_MEMORY_INTRINSICS_HPP
#define GPU_DETAIL_MEMORY_INTRINSICS_HPP

#include <gpu/detail/intrinsics.hpp>

#include <cstring>

namespace gpu::detail {

template <class Bits> inline Bits load_bits(const void *p) noexcept {
  Bits bits;
  std::memcpy(&bits, p, sizeof bits);
  return bits;
}
template <class Bits> inline void store_bits(void *p, Bits bits) noexcept {
  std::memcpy(p, &bits, sizeof bits);
}

template <class Bits>
ALLOY_INTRINSIC("load.nc")
Bits load_nc(const void *p) noexcept { return load_bits<Bits>(p); }
template <class Bits>
ALLOY_INTRINSIC("load.ca")
Bits load_ca(const void *p) noexcept { return load_bits<Bits>(p); }
template <class Bits>
ALLOY_INTRINSIC("load.cg")
Bits load_cg(const void *p) noexcept { return load_bits<Bits>(p); }
template <class Bits>
ALLOY_INTRINSIC("load.cs")
Bits load_cs(const void *p) noexcept { return load_bits<Bits>(p); }
template <class Bits>
ALLOY_INTRINSIC("load.lu")
Bits load_lu(const void *p) noexcept { return load_bits<Bits>(p); }
template <class Bits>
ALLOY_INTRINSIC("load.cv")
Bits load_cv(const void *p) noexcept { return load_bits<Bits>(p); }

template <class Bits>
ALLOY_INTRINSIC("store.wb")
void store_wb(void *p, Bits bits) noexcept { store_bits(p, bits); }
template <class Bits>
ALLOY_INTRINSIC("store.cg")
void store_cg(void *p, Bits bits) noexcept { store_bits(p, bits); }
template <class Bits>
ALLOY_INTRINSIC("store.cs")
void store_cs(void *p, Bits bits) noexcept { store_bits(p, bits); }
template <class Bits>
ALLOY_INTRINSIC("store.wt")
void store_wt(void *p, Bits bits) noexcept { store_bits(p, bits); }

} // namespace gpu::detail

#endif // GPU_DETAIL_MEMORY_INTRINSICS_HPP
