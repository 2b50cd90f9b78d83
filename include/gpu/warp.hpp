// Warp-level operations (see <gpu/device.hpp>).
#ifndef GPU_WARP_HPP
#define GPU_WARP_HPP

#include <gpu/detail/intrinsics.hpp>

#include <cstdint>

namespace gpu::warp {
inline constexpr uint32_t size = 32;
inline uint32_t lane_id() noexcept { return detail::lane_id(); }
} // namespace gpu::warp

#endif // GPU_WARP_HPP
